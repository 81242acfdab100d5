import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import {
  Badge,
  Button,
  Card,
  CategoryBadge,
  Input,
  Label,
  NativeSelect,
  cn,
  toast,
} from '@yardsale/ui';
import {
  NOTIFICATION_TEXT,
  SAVED_SEARCH_EMAIL,
  SAVED_SEARCH_NAME_MAX_LENGTH,
} from '@yardsale/validators';
import type { SavedSearch } from '@yardsale/validators';
import type { LucideIcon } from 'lucide-react';
import {
  LayersIcon,
  MapPinIcon,
  PauseIcon,
  PencilIcon,
  PlayIcon,
  SearchIcon,
  Trash2Icon,
} from 'lucide-react';
import { useId, useRef, useState } from 'react';

import { serverMessage } from '../../lib/errors';
import { formatDate } from '../../lib/format';
import { useTRPC } from '../../lib/trpc';
import { setViewerLocation } from '../../lib/viewer-location';
import { Switch } from '../forms/switch';
import { browseFor, searchFacets } from './saved-search-summary';
import type { SearchFacet } from './saved-search-summary';
import { SAVED_SEARCH_TEXTS as T } from './saved-search-texts';

const FACET_ICONS: Readonly<Record<Exclude<SearchFacet['kind'], 'category'>, LucideIcon>> = {
  words: SearchIcon,
  type: LayersIcon,
  place: MapPinIcon,
};

/**
 * Changes a saved search. Switches and choices show the change at once and put it back, with a
 * toast, if the server refuses it.
 */
function useUpdateSavedSearch() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const listKey = trpc.savedSearches.list.queryKey();
  return useMutation(
    trpc.savedSearches.update.mutationOptions({
      onMutate: async (change) => {
        await queryClient.cancelQueries({ queryKey: listKey });
        const previous = queryClient.getQueryData(listKey);
        queryClient.setQueryData(listKey, (list) =>
          list?.map((saved) =>
            saved.id === change.id
              ? {
                  ...saved,
                  name: change.name ?? saved.name,
                  paused: change.paused ?? saved.paused,
                  push: change.push ?? saved.push,
                  email: change.email ?? saved.email,
                }
              : saved,
          ),
        );
        return { previous };
      },
      onError: (error, _change, context) => {
        if (context?.previous) queryClient.setQueryData(listKey, context.previous);
        toast({
          variant: 'destructive',
          title: T.changeFailed,
          description: serverMessage(error) ?? T.tryAgain,
        });
      },
      onSettled: () => queryClient.invalidateQueries(trpc.savedSearches.pathFilter()),
    }),
  );
}

/** One saved search: what it looks for, how matches arrive, and its actions. */
export function SavedSearchCard({
  saved,
  onDelete,
  alertsWaitFor,
}: {
  saved: SavedSearch;
  onDelete: (saved: SavedSearch) => void;
  /** Until the address is confirmed: the id of what says why push and e-mail are off. */
  alertsWaitFor?: string;
}) {
  const update = useUpdateSavedSearch();
  const ids = useId();
  const pushId = `${ids}-push`;
  const emailId = `${ids}-email`;
  const [renaming, setRenaming] = useState(false);
  const renameButton = useRef<HTMLButtonElement>(null);
  const browse = browseFor(saved);

  const stopRenaming = () => {
    setRenaming(false);
    // The form goes away; the button that opened it takes focus back.
    requestAnimationFrame(() => renameButton.current?.focus());
  };

  return (
    <Card
      role="region"
      aria-label={saved.name}
      className={cn('gap-4 p-4 sm:p-5', saved.paused && 'bg-muted/50')}
    >
      <div className="flex items-start gap-3">
        <div className="flex min-w-0 flex-1 flex-col gap-2">
          {renaming ? (
            <RenameForm saved={saved} onDone={stopRenaming} onCancel={stopRenaming} />
          ) : (
            <div className="flex flex-wrap items-center gap-2">
              <h2 className="min-w-0 font-display text-lg leading-snug font-semibold tracking-tight break-words">
                {saved.name}
              </h2>
              {saved.paused ? <Badge variant="warning">{T.paused}</Badge> : null}
            </div>
          )}
          <ul aria-label={T.summaryLabel} className="flex flex-wrap items-center gap-1.5">
            {searchFacets(saved).map((facet) => (
              <li key={facet.kind}>
                <FacetChip facet={facet} />
              </li>
            ))}
          </ul>
          <p className="text-xs text-muted-foreground">
            {saved.paused
              ? T.pausedHint
              : T.savedOn(
                  formatDate(saved.createdAt, { zone: 'local', month: 'short', year: true }),
                )}
          </p>
        </div>
        {renaming ? null : (
          <Button
            ref={renameButton}
            variant="quiet"
            size="sm"
            aria-label={T.renameLabel(saved.name)}
            onClick={() => setRenaming(true)}
          >
            <PencilIcon aria-hidden="true" />
            <span className="max-sm:sr-only">{T.rename}</span>
          </Button>
        )}
      </div>

      <div className="grid gap-3 rounded-xl border bg-background/60 p-3 sm:grid-cols-2 sm:items-center sm:gap-4 sm:px-4">
        <div className="flex items-center justify-between gap-3 sm:justify-start">
          <Label htmlFor={pushId} className="cursor-pointer">
            {T.push}
          </Label>
          <Switch
            id={pushId}
            checked={saved.push}
            disabled={alertsWaitFor !== undefined}
            aria-describedby={alertsWaitFor}
            onCheckedChange={(push) => update.mutate({ id: saved.id, push })}
          />
        </div>
        <div className="flex items-center justify-between gap-3 sm:justify-end">
          <Label htmlFor={emailId}>{T.email}</Label>
          <div className="w-40">
            <NativeSelect
              id={emailId}
              value={saved.email}
              disabled={alertsWaitFor !== undefined}
              aria-describedby={alertsWaitFor}
              onChange={(event) => {
                const email = SAVED_SEARCH_EMAIL.find((choice) => choice === event.target.value);
                if (email) update.mutate({ id: saved.id, email });
              }}
            >
              {SAVED_SEARCH_EMAIL.map((choice) => (
                <option key={choice} value={choice}>
                  {T.emailChoices[choice]}
                </option>
              ))}
            </NativeSelect>
          </div>
        </div>
      </div>

      <div className="flex flex-wrap items-center gap-2">
        <Button asChild variant="outline" size="sm">
          <Link
            to="/home"
            search={browse.search}
            aria-label={T.runLabel(saved.name)}
            onClick={() => {
              if (browse.location) setViewerLocation(browse.location);
            }}
          >
            <SearchIcon aria-hidden="true" />
            {T.run}
          </Link>
        </Button>
        <div className="ml-auto flex items-center gap-1">
          <Button
            variant="quiet"
            size="sm"
            aria-label={saved.paused ? T.resumeLabel(saved.name) : T.pauseLabel(saved.name)}
            onClick={() => update.mutate({ id: saved.id, paused: !saved.paused })}
          >
            {saved.paused ? <PlayIcon aria-hidden="true" /> : <PauseIcon aria-hidden="true" />}
            <span className="max-sm:sr-only">{saved.paused ? T.resume : T.pause}</span>
          </Button>
          <Button
            variant="quietDanger"
            size="sm"
            aria-label={T.deleteLabel(saved.name)}
            onClick={() => onDelete(saved)}
          >
            <Trash2Icon aria-hidden="true" />
            <span className="max-sm:sr-only">{T.delete}</span>
          </Button>
        </div>
      </div>
    </Card>
  );
}

function FacetChip({ facet }: { facet: SearchFacet }) {
  if (facet.kind === 'category') return <CategoryBadge category={facet.label} />;
  const Icon = FACET_ICONS[facet.kind];
  return (
    <Badge variant="secondary">
      <Icon aria-hidden="true" />
      {facet.label}
    </Badge>
  );
}

/** The name, edited in place: Enter saves, Escape puts it back. */
function RenameForm({
  saved,
  onDone,
  onCancel,
}: {
  saved: SavedSearch;
  onDone: () => void;
  onCancel: () => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const ids = useId();
  const inputId = `${ids}-name`;
  const errorId = `${ids}-error`;
  const [name, setName] = useState(saved.name);
  const [error, setError] = useState<string | null>(null);
  const rename = useMutation(
    trpc.savedSearches.update.mutationOptions({
      onSuccess: async (renamed) => {
        queryClient.setQueryData(trpc.savedSearches.list.queryKey(), (list) =>
          list?.map((item) => (item.id === renamed.id ? renamed : item)),
        );
        onDone();
        await queryClient.invalidateQueries(trpc.savedSearches.pathFilter());
      },
      onError: (failure) => setError(serverMessage(failure) ?? T.tryAgain),
    }),
  );

  return (
    <form
      noValidate
      className="flex flex-col gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        const trimmed = name.trim();
        if (!trimmed) {
          setError(NOTIFICATION_TEXT.nameRequired);
          return;
        }
        if (trimmed === saved.name) {
          onCancel();
          return;
        }
        rename.mutate({ id: saved.id, name: trimmed });
      }}
    >
      <Label htmlFor={inputId}>{T.nameLabel}</Label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Input
          id={inputId}
          value={name}
          maxLength={SAVED_SEARCH_NAME_MAX_LENGTH}
          autoComplete="off"
          // Opened by the person's own tap on Rename: typing goes straight into the name.
          autoFocus
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => {
            setName(event.target.value);
            setError(null);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Escape') {
              event.preventDefault();
              onCancel();
            }
          }}
        />
        <div className="flex gap-2">
          <Button type="submit" size="sm" className="h-10!" loading={rename.isPending}>
            {T.save}
          </Button>
          <Button type="button" variant="outline" size="sm" className="h-10!" onClick={onCancel}>
            {T.cancel}
          </Button>
        </div>
      </div>
      {error ? (
        <p id={errorId} role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </form>
  );
}
