import { createFileRoute } from '@tanstack/react-router';
import { Card, CardContent, ComingSoonCard } from '@yardsale/ui';
import { EyeOffIcon, KeyRoundIcon, SettingsIcon, UserRoundIcon } from 'lucide-react';

import { IconCardHeader } from '../../components/layout/icon-card-header';
import { PageContainer, PageHeader } from '../../components/layout/page';
import { ChangePasswordForm } from '../../components/settings/change-password-form';
import { DataExportCard } from '../../components/settings/data-export-card';
import { DeleteAccountCard } from '../../components/settings/delete-account-card';
import { PasskeysCard } from '../../components/settings/passkeys-card';
import { ProfileDetailsForm } from '../../components/settings/profile-details-form';
import { LocationCard } from '../../components/settings/location-card';
import { NotificationsCard } from '../../components/settings/notifications-card';
import { TwoFactorCard } from '../../components/settings/two-factor-card';

export const Route = createFileRoute('/_authenticated/settings')({
  head: () => ({ meta: [{ title: 'Account Settings · YardSale' }] }),
  component: SettingsPage,
});

const COMING_SOON = [
  {
    title: 'Privacy',
    description: 'Decide what other members can see on your public profile.',
    icon: <EyeOffIcon />,
  },
] as const;

function SettingsPage() {
  return (
    <PageContainer width="narrow">
      <PageHeader
        title="Account Settings"
        description="Keep your details up to date and your account secure."
        icon={<SettingsIcon />}
        back={{ to: '/profile', label: 'Back to Profile' }}
      />

      <div className="flex flex-col gap-6">
        <Card>
          <IconCardHeader
            icon={UserRoundIcon}
            title="Profile Information"
            titleId="profile-details-heading"
            description="Your name is shown on your listings and profile. Your e-mail address is how you sign in."
          />
          <CardContent>
            <ProfileDetailsForm />
          </CardContent>
        </Card>

        <Card>
          <IconCardHeader
            icon={KeyRoundIcon}
            title="Change Password"
            titleId="change-password-heading"
            description="Changing your password signs you out on your other devices."
          />
          <CardContent>
            <ChangePasswordForm />
          </CardContent>
        </Card>

        <PasskeysCard />

        <TwoFactorCard />

        <NotificationsCard />

        <LocationCard />

        <DataExportCard />

        <section aria-labelledby="more-settings-heading" className="flex flex-col gap-4">
          <h2
            id="more-settings-heading"
            className="mt-2 font-display text-xl font-semibold tracking-tight"
          >
            More settings
          </h2>
          <div className="grid gap-4">
            {COMING_SOON.map((item) => (
              <ComingSoonCard
                key={item.title}
                title={item.title}
                description={item.description}
                icon={item.icon}
              />
            ))}
          </div>
        </section>

        <DeleteAccountCard />
      </div>
    </PageContainer>
  );
}
