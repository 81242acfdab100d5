import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Button, EmptyState } from '@yardsale/ui';
import { ArrowRightIcon, PlusIcon, SearchXIcon, SparklesIcon } from 'lucide-react';

import { useTRPC } from '../../lib/trpc';
import { HOME_TEXTS } from '../listings/listing-texts';
import type { HomeSection } from './home-search';

/**
 * A tab with nothing to show: the spec's empty states, and the way to the other tab when the same
 * search finds listings there. Its own file, loaded when a tab is empty: a first visit seldom is.
 */
export default function NoListings({
  section,
  filtered,
  search,
  otherTabCount,
  onShowOtherTab,
}: {
  section: HomeSection;
  filtered: boolean;
  search: string | undefined;
  /** Listings the same search finds in the other tab: when there are any, the way there. */
  otherTabCount: number | undefined;
  onShowOtherTab: () => void;
}) {
  const trpc = useTRPC();
  const { data: stats } = useQuery(trpc.listings.stats.queryOptions());
  const nothingAnywhere = !filtered && stats?.total === 0;
  const firstHint = section === 'items' ? HOME_TEXTS.firstItemHint : HOME_TEXTS.firstSaleHint;
  const offer = otherTabCount !== undefined && otherTabCount > 0;

  const title = nothingAnywhere
    ? HOME_TEXTS.noListingsTitle
    : section === 'items'
      ? HOME_TEXTS.noItemsTitle
      : HOME_TEXTS.noSalesTitle;
  const action = nothingAnywhere
    ? HOME_TEXTS.noListingsAction
    : section === 'items'
      ? HOME_TEXTS.noItemsAction
      : HOME_TEXTS.noSalesAction;

  return (
    <EmptyState
      titleAs="h2"
      icon={filtered ? <SearchXIcon /> : <SparklesIcon />}
      title={title}
      description={filtered ? HOME_TEXTS.filteredHint : firstHint}
      action={
        <>
          {offer ? (
            <>
              <p className="-mt-2 w-full text-sm font-medium text-foreground">
                {HOME_TEXTS.otherTabOffer(section, search, otherTabCount)}
              </p>
              <Button type="button" onClick={onShowOtherTab}>
                <ArrowRightIcon aria-hidden="true" />
                {HOME_TEXTS.showOtherTab(section)}
              </Button>
            </>
          ) : null}
          <Button asChild variant={offer ? 'outline' : undefined}>
            <Link to="/create-listing">
              <PlusIcon aria-hidden="true" />
              {action}
            </Link>
          </Button>
        </>
      }
    />
  );
}
