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
import { CheckIcon } from 'lucide-react';

import { LogoIcon } from '../brand/word-mark';

const texts = INSTALL_TEXT;

/** The one direct ask, a while into the visit. Closing it in any way is a 'no'. */
export function InstallModal({
  onInstall,
  onLater,
}: {
  onInstall: () => void;
  onLater: () => void;
}) {
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onLater();
      }}
    >
      <DialogContent width="md">
        <DialogHeader>
          <LogoIcon className="mb-1 size-12" />
          <DialogTitle>{texts.modalTitle}</DialogTitle>
          <DialogDescription>{texts.modalDescription}</DialogDescription>
        </DialogHeader>
        <ul className="grid gap-2.5 text-sm">
          {texts.benefits.map((benefit) => (
            <li key={benefit} className="flex items-start gap-2.5">
              <CheckIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-pine-700" />
              {benefit}
            </li>
          ))}
        </ul>
        <DialogFooter>
          <Button variant="outline" onClick={onLater}>
            {texts.later}
          </Button>
          <Button onClick={onInstall}>{texts.install}</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
