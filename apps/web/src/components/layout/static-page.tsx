import type { ReactNode } from 'react';

import { useSessionUser } from '../../lib/session';
import { PageContainer, PageHeader } from './page';

/**
 * Frame for the public information pages. The back link depends on who is reading: signed-in
 * readers return into the app, visitors to the front door.
 */
export function StaticPage({
  title,
  description,
  icon,
  back,
  children,
}: {
  title: string;
  description?: string;
  icon?: ReactNode;
  back: 'home' | 'account';
  children: ReactNode;
}) {
  const signedIn = Boolean(useSessionUser());
  const backLink =
    back === 'home'
      ? signedIn
        ? ({ to: '/home', label: 'Back to Browse' } as const)
        : ({ to: '/', label: 'Back to Home' } as const)
      : signedIn
        ? ({ to: '/settings', label: 'Back to Settings' } as const)
        : ({ to: '/auth', label: 'Back to Sign In' } as const);

  return (
    <PageContainer width="narrow">
      <PageHeader title={title} description={description} icon={icon} back={backLink} />
      {children}
    </PageContainer>
  );
}
