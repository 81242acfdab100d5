import { useRouter } from '@tanstack/react-router';
import { createContext, use, useDeferredValue, useState } from 'react';
import type { ReactNode } from 'react';

/** Whether the surrounding part was itself held back for the first screen. */
const HeldBack = createContext(false);

/**
 * Part of the first screen of a visit that can wait a moment: drawn in a background render just
 * after the rest, in slices that let the browser paint and answer taps in between, instead of one
 * long task that holds back the first paint. Nested, each level waits for the one around it, so
 * the page arrives in several small steps rather than one large one. Later screens draw it at
 * once, so a page returned to is whole when the browser puts its scroll position back.
 */
export function BelowTheFold({
  children,
  placeholder = null,
}: {
  children: ReactNode;
  /** Holds the space meanwhile, so nothing below jumps when it arrives. */
  placeholder?: ReactNode;
}) {
  const router = useRouter();
  const insideHeldBack = use(HeldBack);
  // Nothing has been shown yet on the first screen of a visit.
  const [holdBack] = useState(() => insideHeldBack || router.state.resolvedLocation === undefined);
  const ready = useDeferredValue(true, !holdBack);
  return ready ? <HeldBack value={holdBack}>{children}</HeldBack> : placeholder;
}
