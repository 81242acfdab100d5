import { Link } from '@tanstack/react-router';
import { Button } from '@yardsale/ui';
import { XCircleIcon } from 'lucide-react';

import { LISTING_FORM_TEXTS } from './listing-form-texts';

const T = LISTING_FORM_TEXTS.publishBar;

/**
 * The form's last row, kept in view at the bottom of the screen on long forms. While a request is
 * pending, Cancel becomes Cancel Request, which stops the upload. Submitting waits while picked
 * photos are being checked, so none is left behind.
 */
export function PublishBar({
  mode,
  pending,
  checkingPhotos,
  progress,
  onCancelRequest,
}: {
  mode: 'create' | 'edit';
  pending: boolean;
  checkingPhotos: boolean;
  /** Percent of the upload sent, while sending; null otherwise. */
  progress: number | null;
  onCancelRequest: () => void;
}) {
  const submitLabel = pending ? T.submitPending[mode] : T.submit[mode];

  return (
    <div className="sticky bottom-[calc(4rem+env(safe-area-inset-bottom))] z-30 -mx-4 border-t bg-background/95 px-4 py-3 backdrop-blur-md sm:mx-0 sm:rounded-2xl sm:border sm:px-5 sm:shadow-float md:bottom-4">
      <div className="flex flex-col sm:flex-row sm:items-center sm:justify-between sm:gap-3">
        {/* Empty on phones until an upload starts, so the bar stays one row tall there. */}
        <div aria-live="polite" className="text-sm text-muted-foreground sm:min-h-5 sm:flex-1">
          {progress !== null ? (
            <div className="flex items-center gap-3 pb-2.5 sm:pb-0">
              <span className="shrink-0 font-medium text-foreground tabular-nums">
                {T.progress(progress)}
              </span>
              <div
                role="progressbar"
                aria-label={T.progressLabel}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={progress}
                className="h-1.5 w-full max-w-48 overflow-hidden rounded-full bg-muted"
              >
                <div
                  className="h-full rounded-full bg-primary transition-[width] duration-200"
                  style={{ width: `${progress}%` }}
                />
              </div>
            </div>
          ) : pending ? null : (
            <span className="hidden sm:inline">{T.requiredHint}</span>
          )}
        </div>
        <div className="grid grid-cols-2 gap-2 sm:flex sm:justify-end">
          {pending ? (
            <Button type="button" variant="outline" onClick={onCancelRequest}>
              <XCircleIcon aria-hidden="true" />
              {T.cancelRequest}
            </Button>
          ) : (
            <Button asChild variant="outline">
              <Link to="/home">{T.cancel}</Link>
            </Button>
          )}
          <Button type="submit" loading={pending} disabled={checkingPhotos}>
            {submitLabel}
          </Button>
        </div>
      </div>
    </div>
  );
}
