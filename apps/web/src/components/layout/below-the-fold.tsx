import { useRouter } from '@tanstack/react-router';
import { useDeferredValue, useState } from 'react';
import type { ReactNode } from 'react';

/**
 * Part of the first screen of a visit that can wait a moment: drawn in a background render just
 * after the rest, in slices that let the browser paint and answer taps in between, instead of one
 * long task that holds back the first paint. Later screens draw it at once, so a page returned to
 * is whole when the browser puts its scroll position back.
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
  // Nothing has been shown yet on the first screen of a visit.
  const [firstScreen] = useState(() => router.state.resolvedLocation === undefined);
  const ready = useDeferredValue(true, !firstScreen);
  return ready ? children : placeholder;
}
