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
  pendingMs: 200,
  // On a first visit the spinner covers the session check; the page shows the moment it is ready
  // instead of holding the spinner for a minimum time.
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
