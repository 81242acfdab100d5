import { Button } from '@yardsale/ui';
import { INSTALL_TEXT } from '@yardsale/validators';
import { useId } from 'react';

import { LogoIcon } from '../brand/word-mark';

const texts = INSTALL_TEXT;

/**
 * The quiet first ask, shown when the browser offers installation: a banner in the page's flow
 * at the foot of its content, so it covers nothing and pushes nothing on screen aside.
 */
export function InstallCard({
  onInstall,
  onLater,
}: {
  onInstall: () => void;
  onLater: () => void;
}) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="border-t bg-brand-50">
      <div className="mx-auto flex max-w-7xl items-center gap-3 px-4 py-2.5 sm:px-6">
        <LogoIcon className="size-8 sm:size-9" />
        <div className="min-w-0 flex-1">
          <h2 id={titleId} className="text-sm leading-snug font-semibold">
            {texts.cardTitle}
          </h2>
          {/* Phones keep the banner to one short row. */}
          <p className="hidden text-xs leading-snug text-muted-foreground sm:block">
            {texts.cardDescription}
          </p>
        </div>
        <div className="flex shrink-0 gap-1 sm:gap-2">
          <Button size="sm" onClick={onInstall}>
            {texts.install}
          </Button>
          <Button size="sm" variant="ghost" onClick={onLater}>
            {texts.later}
          </Button>
        </div>
      </div>
    </section>
  );
}
