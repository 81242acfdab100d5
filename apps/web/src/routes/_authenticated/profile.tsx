import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { Link, createFileRoute } from '@tanstack/react-router';
import { Badge, Button, Card, CardContent, CardHeader, CardTitle, Skeleton } from '@yardsale/ui';
import type { LucideIcon } from 'lucide-react';
import {
  BadgeCheckIcon,
  BellRingIcon,
  BookmarkIcon,
  CalendarIcon,
  MailIcon,
  MessageSquareQuoteIcon,
  PhoneIcon,
  PlusIcon,
  SearchIcon,
  SettingsIcon,
  StarIcon,
  StoreIcon,
} from 'lucide-react';

import { PageContainer } from '../../components/layout/page';
import { formatAverage } from '../../components/reviews/rating-format';
import { RatingSummary } from '../../components/reviews/rating-summary';
import { MyListings } from '../../components/profile/my-listings';
import { ProfilePhoto } from '../../components/profile/profile-photo';
import { SavedPreview } from '../../components/profile/saved-preview';
import { fullName, loadSessionUser, useCurrentUser } from '../../lib/session';
import { useTRPC } from '../../lib/trpc';
import { formatCount, formatDate } from '../../lib/format';

export const Route = createFileRoute('/_authenticated/profile')({
  head: () => ({ meta: [{ title: 'My Profile · YardSale' }] }),
  loader: async ({ context }) => {
    const { queryClient, trpc } = context;
    const user = await loadSessionUser(context);
    // The rating is not needed to show the page: its places wait for it on their own.
    if (user) {
      void queryClient
        .query(trpc.reviews.rating.queryOptions({ userId: user.id }))
        .catch(() => undefined);
    }
    await Promise.all([
      queryClient.query({ ...trpc.listings.mine.queryOptions(), staleTime: 'static' }),
      queryClient.query({ ...trpc.saved.list.queryOptions(), staleTime: 'static' }),
    ]);
  },
  component: ProfilePage,
});

const QUICK_ACTIONS = [
  { to: '/create-listing', label: 'Post a Listing', icon: PlusIcon },
  { to: '/home', label: 'Browse Sales', icon: SearchIcon },
  { to: '/saved-searches', label: 'Saved Searches', icon: BellRingIcon },
  { to: '/settings', label: 'Account Settings', icon: SettingsIcon },
] as const;

function ProfilePage() {
  const user = useCurrentUser();
  const trpc = useTRPC();
  const { data: mine } = useSuspenseQuery(trpc.listings.mine.queryOptions());
  const { data: saved } = useSuspenseQuery(trpc.saved.list.queryOptions());
  const { data: rating } = useQuery(trpc.reviews.rating.queryOptions({ userId: user.id }));
  // Before the first review there is no average: its card shows a dash, not an invented 0.
  const stats: readonly { label: string; icon: LucideIcon; value: string | null | undefined }[] = [
    {
      label: 'Active Listings',
      icon: StoreIcon,
      value: formatCount(mine.filter((listing) => !listing.isExpired).length),
    },
    { label: 'Saved Listings', icon: BookmarkIcon, value: formatCount(saved.length) },
    {
      label: 'Rating',
      icon: StarIcon,
      value:
        rating === undefined
          ? undefined
          : rating.averageRating === null
            ? null
            : formatAverage(rating.averageRating),
    },
    {
      label: 'Total Reviews',
      icon: MessageSquareQuoteIcon,
      value: rating === undefined ? undefined : formatCount(rating.totalReviews),
    },
  ];

  return (
    <PageContainer width="wide" className="flex flex-col gap-6">
      <Card className="overflow-hidden">
        <div
          aria-hidden="true"
          className="h-24 bg-gradient-to-r from-brand-500 via-brand-400 to-amber-300 sm:h-32"
        />
        <div className="flex flex-col items-center gap-4 px-5 pb-6 sm:flex-row sm:items-end sm:gap-6 sm:px-8">
          <div className="-mt-14 sm:-mt-16">
            <ProfilePhoto user={user} />
          </div>
          <div className="flex min-w-0 flex-1 flex-col items-center gap-2 text-center sm:items-start sm:pb-2 sm:text-left">
            <div className="flex flex-wrap items-center justify-center gap-2 sm:justify-start">
              <h1 className="max-w-full font-display text-2xl font-bold tracking-tight wrap-anywhere sm:text-3xl">
                {fullName(user)}
              </h1>
              <Badge variant="success">
                <BadgeCheckIcon aria-hidden="true" />
                Active Member
              </Badge>
            </div>
            <ul className="flex flex-col items-center gap-x-5 gap-y-1.5 text-sm text-muted-foreground sm:flex-row sm:flex-wrap">
              <li className="flex min-w-0 items-center gap-1.5">
                <MailIcon aria-hidden="true" className="size-4 shrink-0" />
                <span className="sr-only">Email: </span>
                <span className="truncate">{user.email}</span>
              </li>
              {user.phone ? (
                <li className="flex items-center gap-1.5">
                  <PhoneIcon aria-hidden="true" className="size-4 shrink-0" />
                  <span className="sr-only">Phone: </span>
                  {user.phone}
                </li>
              ) : null}
              <li className="flex items-center gap-1.5">
                <CalendarIcon aria-hidden="true" className="size-4 shrink-0" />
                Member since{' '}
                {formatDate(user.createdAt, {
                  zone: 'local',
                  month: 'long',
                  day: false,
                  year: true,
                })}
              </li>
            </ul>
            {rating ? <RatingSummary rating={rating} /> : <Skeleton className="h-6 w-44" />}
          </div>
          <Button asChild variant="outline" className="sm:mb-2">
            <Link to="/settings">
              <SettingsIcon aria-hidden="true" />
              Edit Profile
            </Link>
          </Button>
        </div>
      </Card>

      <section aria-labelledby="profile-stats-heading">
        <h2 id="profile-stats-heading" className="sr-only">
          Your activity
        </h2>
        <dl className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
          {stats.map((stat) => (
            // A grid, not nested boxes: a <dl> group may hold only its <dt> and <dd> (and
            // hidden decoration), so the value is placed above its label by rows instead.
            <Card
              key={stat.label}
              className="grid! grid-cols-[auto_1fr] items-center gap-x-3 p-4 sm:p-5"
            >
              <span
                aria-hidden="true"
                className="row-span-2 flex size-10 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700"
              >
                <stat.icon className="size-5" />
              </span>
              <dt className="col-start-2 row-start-2 text-sm text-muted-foreground">
                {stat.label}
              </dt>
              {stat.value === undefined ? (
                <dd className="col-start-2 row-start-1">
                  <Skeleton className="h-7 w-10" />
                </dd>
              ) : stat.value === null ? (
                <dd className="col-start-2 row-start-1 font-display text-xl font-bold text-muted-foreground/60">
                  <span aria-hidden="true">—</span>
                  <span className="sr-only">No reviews yet</span>
                </dd>
              ) : (
                <dd className="col-start-2 row-start-1 font-display text-xl font-bold tabular-nums">
                  {stat.value}
                </dd>
              )}
            </Card>
          ))}
        </dl>
      </section>

      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <MyListings listings={mine} />

        <div className="flex flex-col gap-6">
          <SavedPreview saved={saved} />

          <Card>
            <CardHeader>
              <CardTitle asChild>
                <h2>Quick Actions</h2>
              </CardTitle>
            </CardHeader>
            <CardContent>
              <ul className="flex flex-col gap-2">
                {QUICK_ACTIONS.map((action) => (
                  <li key={action.to}>
                    <Button
                      asChild
                      variant={action.to === '/create-listing' ? 'default' : 'outline'}
                      className="w-full justify-start!"
                    >
                      <Link to={action.to}>
                        <action.icon aria-hidden="true" />
                        {action.label}
                      </Link>
                    </Button>
                  </li>
                ))}
              </ul>
            </CardContent>
          </Card>
        </div>
      </div>
    </PageContainer>
  );
}
