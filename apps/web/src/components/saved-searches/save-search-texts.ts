/** The browse screen's "Save this search" and what follows it. Kept small: it loads with home. */
export const SAVE_SEARCH_TEXTS = {
  hint: 'Hear about new listings that match this search.',
  button: 'Save this search',
  saving: 'Saving…',
  saved: 'Saved',
  savedHint: 'Saved: new listings that match will come to you.',
  savedTitle: 'Search saved',
  savedDescription: (name: string) => `We’ll let you know when a new listing matches “${name}”.`,
  view: 'View',
  viewLabel: 'View your saved searches',
  failedTitle: 'This search could not be saved',
  failedDescription: 'Please try again.',
} as const;
