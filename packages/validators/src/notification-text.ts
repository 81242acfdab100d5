/*
 * Texts of notifications: the bell, Settings, saved searches, pushes and mails, and the server's
 * answers about them.
 */
export const NOTIFICATION_TEXT = {
  // Server answers
  nameRequired: 'Give the saved search a name.',
  searchEmpty: 'Type a search or choose a category, a type or a place to save.',
  placeNeedsRadius: 'Choose how far from the place to look.',
  radiusNeedsPlace: 'A distance needs a place to measure from.',
  tooManySavedSearches: (max: number) =>
    `You can keep up to ${String(max)} saved searches. Delete one to save another.`,
  savedSearchNotFound: 'That saved search does not exist.',
  endpointHttps: 'A push subscription must use an https:// address.',
  endpointPrivate: 'This push address is not allowed.',
  keysInvalid: 'The push subscription keys are not valid.',
  pushOff: 'Push notifications are not available on this server.',
  unsubscribeInvalid: 'This unsubscribe link is not valid.',
  verifyForAlerts:
    'Verify your e-mail address to get notifications by e-mail or push: we only send them to an address you have confirmed. Open the link we sent you, or send a new one from your home page.',

  // What each kind is called in Settings
  kinds: {
    message: {
      label: 'New messages',
      hint: 'When someone writes to you while the app is closed. E-mail only if still unread after 15 minutes.',
    },
    review: { label: 'Reviews of you', hint: 'When a neighbour rates you.' },
    report: { label: 'Your reports', hint: 'When a report you filed is reviewed or resolved.' },
    announcement: { label: 'Announcements', hint: 'News from the YardSale team.' },
    'saved-search': {
      label: 'Saved-search matches',
      hint: 'New listings that match a search you saved.',
    },
  },

  // Pushes, bell entries and mails
  newMessageTitle: (from: string) => `New message from ${from}`,
  reviewTitle: (from: string, rating: number) => `${from} rated you ${String(rating)} of 5`,
  reportTitle: 'Your report was updated',
  /**
   * What the team decided, naming what was reported: the listing while it is up, else the person.
   * The listing's title is someone else's words, so it is quoted in the body, never the title (078).
   */
  reportBody: {
    pending: (subject: string) => `Your report about ${subject} is waiting for review.`,
    reviewed: (subject: string) =>
      `We are looking into your report about ${subject}; we will tell you when we decide.`,
    resolved: (subject: string) =>
      `We reviewed your report about ${subject} and marked it resolved.`,
    dismissed: (subject: string) =>
      `We looked at your report about ${subject} and dismissed it: no action was taken.`,
  },
  reportSubjectListing: (title: string) => `the listing “${title}”`,
  reportSubjectPerson: (firstName: string, lastName: string) =>
    `${firstName} ${lastName.slice(0, 1)}.`.trim(),
  announcementTitle: 'Announcement from YardSale',
  savedSearchTitleParts: ['New match for “', '”'],
  // A match's push and mail: the subject is ours alone, the search's name only quoted in the body.
  savedSearchAlertTitle: 'A new listing matches your saved search',
  savedSearchAlertBodyParts: ['Matches your search “', '”'],
  digestSubject: (count: number) =>
    count === 1
      ? '1 new listing matches your searches'
      : `${String(count)} new listings match your searches`,
  unsubscribeDone: (kind: string) => `You will no longer get e-mails about: ${kind}.`,
  unsubscribeFooter: 'Unsubscribe from these e-mails',

  // Push on this device: the service worker, the prompt after an action, and Settings
  push: {
    fallbackTitle: 'YardSale',
    fallbackBody: 'Something new is waiting for you on YardSale.',
    promptTitle: 'Turn on notifications?',
    promptWhy: {
      message: 'Get a notification when they reply, even with YardSale closed.',
      'saved-search': 'Get a notification when a new listing matches this search.',
    },
    turnOn: 'Turn on notifications',
    notNow: 'Not now',
    turnedOn: 'Notifications are on for this device.',
    blocked:
      'Notifications are blocked for YardSale in this browser. Allow them in the site settings of your browser, then try again.',
    dismissed: 'Notifications stay off: the browser was not given permission.',
    subscribeFailed: 'This browser could not turn on notifications. Please try again later.',
    saveFailed: 'Notifications could not be turned on. Please try again.',
    turnOffFailed: 'Notifications could not be turned off. Please try again.',
    unavailable: 'Notifications are not available right now.',
  },
  settings: {
    cardTitle: 'Notifications',
    cardDescription: 'Choose what we tell you about, and how.',
    kindColumn: 'Notification',
    pushColumn: 'Push',
    emailColumn: 'E-mail',
    switchLabel: (channel: string, kind: string) => `${channel} for ${kind}`,
    saveFailed: 'Your notification settings could not be saved. Please try again.',
    loadFailed: 'Your notification settings could not be loaded.',
    retry: 'Try again',
    deviceTitle: 'This device',
    deviceOn: 'On for this device',
    deviceOff: 'Off for this device',
    deviceBlocked: 'Blocked by the browser',
    deviceUnsupported: 'Not supported',
    deviceExplain:
      'Pushes arrive on this device even when YardSale is closed. Your browser will ask you to allow them.',
    deviceBlockedHint:
      'Notifications are blocked for YardSale in this browser. Allow them in the site settings of your browser to turn them on.',
    deviceUnsupportedHint:
      'This browser cannot receive push notifications. E-mails still arrive as chosen above.',
    deviceUnavailableHint: 'Push notifications are not available on this server.',
    deviceTurnOn: 'Turn on notifications on this device',
    deviceTurnOff: 'Turn off',
    deviceTurnedOff: 'Notifications are off for this device.',
    savedSearchesLink: 'Manage saved searches',
    savedSearchesHint: 'Each saved search has its own switches for its matches.',
  },

  // Until the address is confirmed: why pushes and e-mails wait, where their controls are off
  verify: {
    title: 'Verify your e-mail to get notifications',
    explain:
      'We send pushes and e-mails only to a confirmed address, so nobody can have us write to someone else’s inbox. Until then, matches and news appear in your bell.',
    deviceHint: 'Pushes can be turned on once your e-mail address is verified.',
    resend: 'Resend the link',
  },

  // Saved searches: what the server answers about their words
  searchHasNoWords: 'Type a word to search for: letters or digits.',
  savedSearchWordTooCommon: (word: string) =>
    `“${word}” is part of too many different words to watch for. Save a whole word instead.`,
  tooManySavedSearchWords: (max: number) =>
    `A saved search can have up to ${String(max)} words. Leave some out.`,

  // The page an e-mail's unsubscribe link opens (/unsubscribe): nothing changes until its button
  unsubscribePage: {
    title: 'Unsubscribe from e-mails',
    question: (kind: string) => `Stop e-mails about: ${kind}?`,
    explain:
      'You will still see these in YardSale. You can turn the e-mails back on in Settings at any time.',
    confirm: 'Unsubscribe',
    working: 'Unsubscribing…',
    doneTitle: 'You are unsubscribed',
    failedTitle: 'This link does not work',
    failed: 'You could not be unsubscribed. Please try again.',
    settings: 'Manage notification settings',
    home: 'Go to YardSale',
  },
} as const;
