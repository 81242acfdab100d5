import { createFileRoute } from '@tanstack/react-router';
import { PageSpinner } from '@yardsale/ui';
import { REPORT_STATUSES } from '@yardsale/validators';
import { z } from 'zod';

import { AdminAccessNotice } from '../components/admin/admin-access';
import { AdminDashboard } from '../components/admin/admin-dashboard';
import { loadSessionUser, useSessionUser } from '../lib/session';

const adminSearchSchema = z.object({
  /** Shows only the reports in this status. */
  status: z.enum(REPORT_STATUSES).optional().catch(undefined),
});

/*
 * Outside the protected layout on purpose: a visitor is told to log in here rather than sent away,
 * as the spec asks. The server refuses every admin call from anyone but an admin.
 */
export const Route = createFileRoute('/admin')({
  validateSearch: adminSearchSchema,
  // Unlike the root's, this asks without swallowing a failure: an unreachable server gets the
  // error screen with Try again, not an endless spinner.
  beforeLoad: async ({ context }) => {
    await loadSessionUser(context);
  },
  pendingComponent: PageSpinner,
  pendingMs: 200,
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
