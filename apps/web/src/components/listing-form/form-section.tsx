import { Card, CardContent } from '@yardsale/ui';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

import { IconCardHeader } from '../layout/icon-card-header';

/** One titled part of the listing form; the title names the region for screen readers. */
export function FormSection({
  id,
  icon,
  title,
  description,
  children,
}: {
  id: string;
  icon: LucideIcon;
  title: string;
  description: string;
  children: ReactNode;
}) {
  const titleId = `${id}-title`;
  return (
    <Card role="region" aria-labelledby={titleId}>
      <IconCardHeader icon={icon} title={title} titleId={titleId} description={description} />
      <CardContent className="grid gap-5">{children}</CardContent>
    </Card>
  );
}
