/** The bell's list (its button's label is with the button, which loads with every screen). */
export const BELL_TEXTS = {
  title: 'Notifications',
  markAllRead: 'Mark all read',
  unread: 'Unread',
  loading: 'Loading notifications…',
  loadFailed: 'Your notifications could not be loaded.',
  retry: 'Try again',
  emptyTitle: 'You’re all caught up',
  emptyDescription:
    'New listings that match a search you saved, reviews of you and news from YardSale show up here.',
  savedSearches: 'Saved searches',
  settings: 'Notification settings',
} as const;
