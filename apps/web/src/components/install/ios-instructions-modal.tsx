import {
  Button,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@yardsale/ui';
import { INSTALL_TEXT } from '@yardsale/validators';
import { ShareIcon, SquarePlusIcon, SmartphoneIcon } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';

import type { AppleMobileDevice } from './platform';

const texts = INSTALL_TEXT;
const stepIcons: readonly LucideIcon[] = [ShareIcon, SquarePlusIcon, SmartphoneIcon];

/** Safari's Add to Home Screen steps, with the icons the neighbour will be looking for. */
export function IosInstructionsModal({
  device,
  open,
  onOpenChange,
  onDone,
}: {
  device: AppleMobileDevice;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onDone: () => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent width="md">
        <DialogHeader>
          <DialogTitle>{texts.iosModalTitle(device)}</DialogTitle>
          <DialogDescription>{texts.iosModalDescription}</DialogDescription>
        </DialogHeader>
        <ol className="grid gap-3">
          {texts.iosSteps.map((step, index) => {
            const Icon = stepIcons[index] ?? SmartphoneIcon;
            return (
              <li key={step} className="flex items-center gap-3 rounded-xl bg-muted p-3 text-sm">
                <span
                  aria-hidden="true"
                  className="inline-flex size-9 shrink-0 items-center justify-center rounded-lg bg-card text-primary shadow-card"
                >
                  <Icon className="size-5" />
                </span>
                <span>
                  <span className="font-semibold">{index + 1}. </span>
                  {step}
                </span>
              </li>
            );
          })}
        </ol>
        <DialogFooter>
          <Button onClick={onDone}>{texts.iosDone}</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
