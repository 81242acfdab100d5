import { Button } from '@yardsale/ui';
import { UI_TEXT } from '@yardsale/validators';
import { useId } from 'react';

import { LogoIcon } from '../brand/word-mark';

const texts = UI_TEXT.install;

/** The quiet first ask, shown when the browser offers installation. */
export function InstallCard({
  onInstall,
  onLater,
}: {
  onInstall: () => void;
  onLater: () => void;
}) {
  const titleId = useId();
  return (
    <section
      aria-labelledby={titleId}
      className="pointer-events-auto flex items-start gap-3 rounded-2xl border bg-card p-4 text-card-foreground shadow-float"
    >
      <LogoIcon className="size-11" />
      <div className="grid min-w-0 flex-1 gap-3">
        <div className="grid gap-0.5">
          <h2 id={titleId} className="font-display text-base leading-snug font-semibold">
            {texts.cardTitle}
          </h2>
          <p className="text-sm leading-snug text-muted-foreground">{texts.cardDescription}</p>
        </div>
        <div className="flex gap-2">
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
