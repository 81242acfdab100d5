/** The browse screen's "Save this search" and what follows it. Kept small: it loads with home. */
export const SAVE_SEARCH_TEXTS = {
  hint: 'Hear about new listings that match this search.',
  // Pushes and e-mails wait for a confirmed address (the server refuses them until then).
  unverifiedHint:
    'Matches will appear in your bell. Verify your e-mail (see above) to get them by push or e-mail too.',
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
