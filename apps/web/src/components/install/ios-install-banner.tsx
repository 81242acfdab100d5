import { Button, toast } from '@yardsale/ui';
import { INSTALL_TEXT, IOS_INSTALL_TOAST_MS } from '@yardsale/validators';
import { XIcon } from 'lucide-react';
import { useId, useState } from 'react';

import { LogoIcon } from '../brand/word-mark';
import { IosInstructionsModal } from './ios-instructions-modal';
import type { AppleMobileDevice } from './platform';

const texts = INSTALL_TEXT;

/** The top banner on iPhone and iPad, whose Safari has no install button of its own to prompt. */
export function IosInstallBanner({
  device,
  onClose,
}: {
  device: AppleMobileDevice;
  onClose: () => void;
}) {
  const titleId = useId();
  const [showSteps, setShowSteps] = useState(false);

  return (
    <section aria-labelledby={titleId} className="border-b bg-brand-50">
      <div className="mx-auto flex max-w-7xl items-center gap-3 px-4 py-2.5 sm:px-6">
        <LogoIcon className="size-8 sm:size-9" />
        <div className="min-w-0 flex-1">
          <h2 id={titleId} className="text-sm leading-snug font-semibold">
            {texts.iosBannerTitle(device)}
          </h2>
          {/* Phones keep the banner to one short row. */}
          <p className="hidden text-xs leading-snug text-muted-foreground sm:block">
            {texts.iosBannerDescription}
          </p>
        </div>
        <Button size="sm" onClick={() => setShowSteps(true)}>
          {texts.iosInstallButton}
        </Button>
        <button
          type="button"
          onClick={onClose}
          className="-mr-2 inline-flex size-8 shrink-0 cursor-pointer items-center justify-center rounded-full text-muted-foreground transition-colors hover:bg-brand-100 hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        >
          <XIcon aria-hidden="true" className="size-4" />
          <span className="sr-only">Close</span>
        </button>
      </div>
      <IosInstructionsModal
        device={device}
        open={showSteps}
        onOpenChange={setShowSteps}
        onDone={() => {
          setShowSteps(false);
          // Stays up while the neighbour looks for the Share button.
          toast({
            title: texts.iosToastTitle,
            description: texts.iosToastDescription,
            duration: IOS_INSTALL_TOAST_MS,
          });
        }}
      />
    </section>
  );
}
