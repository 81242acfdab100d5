import { CircleAlertIcon, CircleCheckIcon } from 'lucide-react';
import type * as React from 'react';

import {
  Toast,
  ToastClose,
  ToastDescription,
  ToastProvider,
  ToastTitle,
  ToastViewport,
} from './toast';
import type { ToastVariant } from './toast';
import { TOAST_DURATION_MS, TOAST_SWIPE_THRESHOLD_PX, useToast } from './use-toast';

const icons: Record<ToastVariant, React.ReactNode> = {
  default: null,
  success: <CircleCheckIcon aria-hidden="true" className="mt-px size-5 shrink-0 text-pine-700" />,
  destructive: (
    <CircleAlertIcon aria-hidden="true" className="mt-px size-5 shrink-0 text-destructive" />
  ),
};

/** Renders the toasts raised with toast(). Mount once, near the root of the app. */
export function Toaster() {
  const { toasts } = useToast();

  return (
    <ToastProvider
      duration={TOAST_DURATION_MS}
      swipeDirection="right"
      swipeThreshold={TOAST_SWIPE_THRESHOLD_PX}
    >
      {toasts.map(({ id, title, description, action, variant, ...props }) => (
        <Toast key={id} variant={variant} {...props}>
          {icons[variant ?? 'default']}
          <div className="grid min-w-0 flex-1 gap-1">
            <ToastTitle>{title}</ToastTitle>
            {/* The announcement joins the toast's text as it stands: without this space a
                screen reader hears "Sign in failedPlease check...". A grid does not show it. */}
            {description ? ' ' : null}
            {description ? <ToastDescription>{description}</ToastDescription> : null}
          </div>
          {action}
          <ToastClose />
        </Toast>
      ))}
      <ToastViewport />
    </ToastProvider>
  );
}
