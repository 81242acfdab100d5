import { Outlet, createFileRoute, redirect } from '@tanstack/react-router';
import { PageSpinner } from '@yardsale/ui';

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
  pendingComponent: PageSpinner,
  pendingMs: 200,
  component: AuthenticatedLayout,
});

function AuthenticatedLayout() {
  const user = useSessionUser();
  // Signing out clears the user a moment before the app leaves this screen.
  if (!user) return <PageSpinner />;
  return (
    <CurrentUserProvider user={user}>
      <Outlet />
    </CurrentUserProvider>
  );
}
