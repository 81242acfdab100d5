import { useQuery } from '@tanstack/react-query';
import { Outlet, createFileRoute, redirect } from '@tanstack/react-router';
import { PageSpinner } from '@yardsale/ui';

import { CurrentUserProvider, loadSessionUser } from '../lib/session';
import { useTRPC } from '../lib/trpc';

/**
 * Every signed-in screen sits under this layout. Sending visitors to sign in is only a courtesy:
 * the server protects every private procedure itself.
 */
export const Route = createFileRoute('/_authenticated')({
  beforeLoad: async ({ context, location }) => {
    const user = await loadSessionUser(context);
    if (!user) {
      throw redirect({ to: '/auth', search: { redirect: location.href } });
    }
  },
  pendingComponent: PageSpinner,
  pendingMs: 200,
  component: AuthenticatedLayout,
});

function AuthenticatedLayout() {
  const trpc = useTRPC();
  const { data: user } = useQuery(trpc.auth.me.queryOptions());
  // Signing out clears the user a moment before the app leaves this screen.
  if (!user) return <PageSpinner />;
  return (
    <CurrentUserProvider user={user}>
      <Outlet />
    </CurrentUserProvider>
  );
}
