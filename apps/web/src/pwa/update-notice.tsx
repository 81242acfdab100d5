import { Button } from '@yardsale/ui';
import { INSTALL_TEXT } from '@yardsale/validators';
import { RefreshCwIcon } from 'lucide-react';
import { useState } from 'react';

const texts = INSTALL_TEXT;

/** Tells the neighbour a new version is waiting; it starts when they reload. */
export function UpdateNotice({
  onReload,
  onDismiss,
}: {
  onReload: () => Promise<void>;
  onDismiss: () => void;
}) {
  const [reloading, setReloading] = useState(false);
  return (
    <div
      role="status"
      className="pointer-events-auto flex items-start gap-3 rounded-2xl border bg-card p-4 text-card-foreground shadow-float"
    >
      <span
        aria-hidden="true"
        className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-pine-50 text-pine-700"
      >
        <RefreshCwIcon className="size-5" />
      </span>
      <div className="grid min-w-0 flex-1 gap-3">
        <p className="grid gap-0.5 text-sm leading-snug">
          <span className="font-semibold">{texts.updateReady}</span>
          <span className="text-muted-foreground">{texts.updateHint}</span>
        </p>
        <div className="flex gap-2">
          <Button
            size="sm"
            loading={reloading}
            onClick={() => {
              setReloading(true);
              void onReload();
            }}
          >
            {texts.reload}
          </Button>
          <Button size="sm" variant="ghost" onClick={onDismiss}>
            {texts.dismissUpdate}
          </Button>
        </div>
      </div>
    </div>
  );
}
