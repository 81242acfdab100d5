import { Button } from '@yardsale/ui';
import { FlagIcon } from 'lucide-react';
import { Suspense, useRef, useState } from 'react';

import { lazyPiece } from '../../lib/lazy-piece';
import { loadOnIntent } from '../../lib/load-on-intent';
import type { ReportTarget } from './report-dialog';

// The dialog, its form and the dialog code under it load when a report is first wanted, not with
// the listing page: most visitors never report anything.
const loadDialog = () => import('./report-dialog');
const ReportDialog = lazyPiece(loadDialog);

/** Reports the listing and its seller to the team, in a dialog. */
export function ReportListingButton(target: ReportTarget) {
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const reportButton = useRef<HTMLButtonElement>(null);

  return (
    <>
      <Button
        ref={reportButton}
        type="button"
        variant="quietDanger"
        size="sm"
        className="justify-self-center"
        aria-haspopup="dialog"
        aria-expanded={open}
        {...loadOnIntent(loadDialog)}
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
      >
        <FlagIcon aria-hidden="true" />
        Report
      </Button>
      {/* Stays mounted once wanted, so what was written survives closing the dialog. */}
      {wanted ? (
        <Suspense fallback={null}>
          <ReportDialog
            {...target}
            open={open}
            onOpenChange={setOpen}
            reportButton={reportButton}
          />
        </Suspense>
      ) : null}
    </>
  );
}
