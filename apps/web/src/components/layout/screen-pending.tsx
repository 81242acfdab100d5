import { PageSpinner } from '@yardsale/ui';

/**
 * A screen on its way: the spinner fills the window below the header, so the footer stays out of
 * view and nothing on screen moves when the page takes its place.
 */
export function ScreenPending() {
  return <PageSpinner className="min-h-[calc(100dvh-4rem)]" />;
}
