import { createFileRoute } from '@tanstack/react-router';

import { ResetPasswordPage } from '../components/auth/reset-password-page';
import { text } from '../lib/search-params';

export const Route = createFileRoute('/reset-password')({
  validateSearch: (search): { token?: string } => ({ token: text(search.token) }),
  head: () => ({ meta: [{ title: 'Choose a new password · YardSale' }] }),
  component: ResetPasswordRoute,
});

function ResetPasswordRoute() {
  const { token } = Route.useSearch();
  return <ResetPasswordPage token={token} />;
}
