import { CardDescription, CardHeader, CardTitle } from '@yardsale/ui';
import type { LucideIcon } from 'lucide-react';

/** A card's header: an icon beside its h2 title, and a description under them. */
export function IconCardHeader({
  icon: Icon,
  title,
  titleId,
  description,
}: {
  icon: LucideIcon;
  title: string;
  titleId?: string;
  description: string;
}) {
  return (
    <CardHeader>
      <div className="flex items-center gap-2">
        <Icon aria-hidden="true" className="size-5 text-primary" />
        <CardTitle asChild>
          <h2 id={titleId}>{title}</h2>
        </CardTitle>
      </div>
      <CardDescription>{description}</CardDescription>
    </CardHeader>
  );
}
