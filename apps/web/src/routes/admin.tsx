import { createFileRoute } from '@tanstack/react-router';
import { PageSpinner } from '@yardsale/ui';
import { REPORT_STATUSES } from '@yardsale/validators';

import { AdminAccessNotice } from '../components/admin/admin-access';
import { AdminDashboard } from '../components/admin/admin-dashboard';
import { oneOf } from '../lib/search-params';
import { loadSessionUser, useSessionUser } from '../lib/session';

interface AdminSearch {
  /** Shows only the reports in this status. */
  status?: (typeof REPORT_STATUSES)[number];
}

/*
 * Outside the protected layout on purpose: a visitor is told to log in here rather than sent away,
 * as docs/product/screens.md#admin-dashboard asks. The server refuses every admin call from anyone
 * but an admin.
 */
export const Route = createFileRoute('/admin')({
  validateSearch: (search): AdminSearch => ({ status: oneOf(REPORT_STATUSES, search.status) }),
  // Unlike the root's, this asks without swallowing a failure: an unreachable server gets the
  // error screen with Try again, not an endless spinner.
  beforeLoad: async ({ context }) => {
    const api = await context.app.loadApiContext();
    await loadSessionUser(api);
    return api;
  },
  pendingComponent: PageSpinner,
  pendingMs: 1000,
  head: () => ({ meta: [{ title: 'Admin Dashboard · YardSale' }] }),
  component: AdminPage,
});

function AdminPage() {
  const user = useSessionUser();
  const { status } = Route.useSearch();
  if (user === undefined) return <PageSpinner />;
  if (user === null) return <AdminAccessNotice reason="signed-out" />;
  if (user.role !== 'admin') return <AdminAccessNotice reason="not-admin" />;
  return <AdminDashboard status={status} />;
}
