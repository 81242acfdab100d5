import * as DialogPrimitive from '@radix-ui/react-dialog';
import * as React from 'react';

import { Button } from './button';
import {
  DialogDescription,
  DialogFooter,
  DialogOverlay,
  DialogTitle,
  dialogPanelVariants,
} from './dialog';

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: React.ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  /** Styles the confirm button as destructive (deleting, removing). */
  destructive?: boolean;
  /**
   * Runs when the user confirms. The dialog does not close by itself: close it with
   * onOpenChange(false) when the action succeeds, so a failure can keep it open.
   */
  onConfirm: () => void;
  /** The confirmed action is in flight: the confirm button spins and closing is blocked. */
  pending?: boolean;
}

/**
 * A confirmation that must be answered: role="alertdialog", no dismissal by clicking
 * outside, and focus starts on Cancel so Enter never confirms a destructive action by accident.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  cancelLabel = 'Cancel',
  destructive = false,
  onConfirm,
  pending = false,
}: ConfirmDialogProps) {
  const cancelRef = React.useRef<HTMLButtonElement>(null);
  const confirmRef = React.useRef<HTMLButtonElement>(null);
  const contentRef = React.useRef<HTMLDivElement>(null);
  // Radix returns focus to a DialogTrigger; this dialog is opened from code, so
  // remember what had focus (the Delete button) and return there ourselves.
  const returnFocusRef = React.useRef<HTMLElement | null>(null);

  React.useEffect(() => {
    // The confirm button disables itself while pending and the browser then drops focus
    // to <body>; move it to the dialog first so keyboard and screen-reader users stay inside.
    const content = contentRef.current;
    if (!pending || !content) return;
    const active = document.activeElement;
    if (active === confirmRef.current || !content.contains(active)) content.focus();
  }, [pending]);

  const handleOpenChange = (next: boolean) => {
    // Closing mid-request would hide the outcome from the user.
    if (pending && !next) return;
    onOpenChange(next);
  };

  return (
    <DialogPrimitive.Root open={open} onOpenChange={handleOpenChange}>
      <DialogPrimitive.Portal>
        <DialogOverlay />
        <DialogPrimitive.Content
          data-slot="confirm-dialog"
          role="alertdialog"
          className={dialogPanelVariants({ width: 'md' })}
          ref={contentRef}
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            returnFocusRef.current =
              document.activeElement instanceof HTMLElement ? document.activeElement : null;
            cancelRef.current?.focus();
          }}
          onCloseAutoFocus={(event) => {
            const target = returnFocusRef.current;
            returnFocusRef.current = null;
            if (target?.isConnected) {
              event.preventDefault();
              target.focus();
            }
          }}
          onPointerDownOutside={(event) => event.preventDefault()}
          onInteractOutside={(event) => event.preventDefault()}
        >
          {/* No corner close button here, so no room kept for one (DialogHeader keeps it). */}
          <div data-slot="dialog-header" className="flex flex-col gap-2 text-left">
            <DialogTitle>{title}</DialogTitle>
            <DialogDescription>{description}</DialogDescription>
          </div>
          <DialogFooter>
            <DialogPrimitive.Close asChild>
              <Button ref={cancelRef} variant="outline" disabled={pending}>
                {cancelLabel}
              </Button>
            </DialogPrimitive.Close>
            <Button
              ref={confirmRef}
              variant={destructive ? 'destructive' : 'default'}
              loading={pending}
              onClick={onConfirm}
            >
              {confirmLabel}
            </Button>
          </DialogFooter>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
