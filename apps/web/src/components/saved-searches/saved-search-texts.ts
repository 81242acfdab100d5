import type { SavedSearchEmail } from '@yardsale/validators';

/** The Saved searches screen's words; the browse screen's button has its own (save-search-texts.ts). */
export const SAVED_SEARCH_TEXTS = {
  pageTitle: 'Saved searches',
  pageDescription:
    'We tell you when a new listing matches one of these. Choose how for each search.',
  count: (n: number) => (n === 1 ? '1 saved search' : `${String(n)} saved searches`),
  backToProfile: 'Back to Profile',
  listLabel: 'Your saved searches',
  emptyTitle: 'No saved searches yet',
  emptyDescription:
    'Search or pick a category while you browse, then tap “Save this search”. When a new listing matches, you’ll hear about it.',
  browse: 'Browse listings',

  // Each search
  paused: 'Paused',
  pausedHint: 'Paused: new listings are not checked against this search.',
  rename: 'Rename',
  renameLabel: (name: string) => `Rename “${name}”`,
  nameLabel: 'Name',
  save: 'Save',
  cancel: 'Cancel',
  pause: 'Pause',
  resume: 'Resume',
  pauseLabel: (name: string) => `Pause “${name}”`,
  resumeLabel: (name: string) => `Resume “${name}”`,
  push: 'Push notifications',
  email: 'E-mail',
  emailChoices: {
    instant: 'Instant',
    daily: 'Daily digest',
    off: 'Off',
  } satisfies Record<SavedSearchEmail, string>,
  run: 'Run this search',
  runLabel: (name: string) => `Run “${name}”`,
  delete: 'Delete',
  deleteLabel: (name: string) => `Delete “${name}”`,
  deleteTitle: (name: string) => `Delete “${name}”?`,
  deleteDescription: 'You will no longer hear about new listings that match it.',
  deleteConfirm: 'Delete search',
  deleted: 'Saved search deleted',
  changeFailed: 'That change could not be saved',
  tryAgain: 'Please try again.',
  savedOn: (day: string) => `Saved ${day}`,

  // The summary of what it looks for
  summaryLabel: 'What it looks for',
  anything: 'Any listing',
  searchFor: (words: string) => `“${words}”`,
  within: (miles: number) => `Within ${String(miles)} mi of a chosen place`,
  typeLabels: { 'garage-sale': 'Garage sales', 'single-item': 'Single items' },
  /** The place a run search measures from: its own, which has no name. */
  placeLabel: 'the saved place',
} as const;
