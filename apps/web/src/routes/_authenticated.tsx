import { Outlet, createFileRoute, redirect } from '@tanstack/react-router';

import { ScreenPending } from '../components/layout/screen-pending';
import { CurrentUserProvider, loadSessionUser, useSessionUser } from '../lib/session';

/**
 * Every signed-in screen sits under this layout. Sending visitors to sign in is only a courtesy:
 * the server protects every private procedure itself.
 */
export const Route = createFileRoute('/_authenticated')({
  beforeLoad: async ({ context, location }) => {
    const api = await context.app.loadApiContext();
    const user = await loadSessionUser(api);
    if (!user) {
      throw redirect({ to: '/auth', search: { redirect: location.href } });
    }
    return api;
  },
  pendingComponent: ScreenPending,
  // A spinner only when the session check is slow: a quick one would flash it for a moment
  // before the page, and paint twice where once will do.
  pendingMs: 1000,
  // Once shown, the spinner gives way the moment the page is ready, not after a minimum time.
  pendingMinMs: 0,
  component: AuthenticatedLayout,
});

function AuthenticatedLayout() {
  const user = useSessionUser();
  // Signing out clears the user a moment before the app leaves this screen.
  if (!user) return <ScreenPending />;
  return (
    <CurrentUserProvider user={user}>
      <Outlet />
    </CurrentUserProvider>
  );
}
