import * as VisuallyHiddenPrimitive from '@radix-ui/react-visually-hidden';

/** Content for screen readers only (Radix: stays in the accessibility tree, not on screen). */
export const VisuallyHidden = VisuallyHiddenPrimitive.Root;
