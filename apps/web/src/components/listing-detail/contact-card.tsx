import { Card, CardContent } from '@yardsale/ui';
import { MailIcon, PhoneIcon } from 'lucide-react';

import { IconCardHeader } from '../layout/icon-card-header';

const linkClasses =
  'flex min-w-0 items-center gap-3 rounded-xl border bg-card px-4 py-3 font-medium transition-colors hover:border-foreground/30 hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none';

/** The phone and e-mail the seller chose to show, both optional. */
export function ContactCard({
  phone,
  email,
  isOwner,
}: {
  phone: string | null;
  email: string | null;
  isOwner: boolean;
}) {
  const none = !phone && !email;
  return (
    <Card>
      <IconCardHeader
        icon={PhoneIcon}
        title="Contact Information"
        description={
          none
            ? isOwner
              ? "You haven't added a phone number or e-mail. Buyers can still message you on YardSale."
              : "The seller hasn't shared a phone number or e-mail. Send them a message on YardSale instead."
            : 'How the seller would like to be reached.'
        }
      />
      {none ? null : (
        <CardContent className="grid gap-2">
          {phone ? (
            <a href={`tel:${phone.replace(/[^\d+]/g, '')}`} className={linkClasses}>
              <PhoneIcon aria-hidden="true" className="size-4 shrink-0 text-primary" />
              <span className="sr-only">Phone: </span>
              <span className="truncate">{phone}</span>
            </a>
          ) : null}
          {email ? (
            <a href={`mailto:${email}`} className={linkClasses}>
              <MailIcon aria-hidden="true" className="size-4 shrink-0 text-primary" />
              <span className="sr-only">Email: </span>
              <span className="truncate">{email}</span>
            </a>
          ) : null}
        </CardContent>
      )}
    </Card>
  );
}
