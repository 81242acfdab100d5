/*
 * Texts of verifying an address and resetting a forgotten password (screens, mails and server
 * answers). Each part is its own constant, so the home page's banner downloads only its own.
 */
export const VERIFY_TEXT = {
  bannerTitle: 'Verify your e-mail',
  bannerDescription: (email: string) =>
    `We sent a link to ${email}. Open it to post listings, message sellers, review and report.`,
  resend: 'Resend',
  resentTitle: 'Link sent',
  resentDescription: (email: string) => `A new link is on its way to ${email}.`,
  resendFailedTitle: 'Could not send the link',
  required:
    'Verify your e-mail address first: open the link we sent you, or send a new one from your home page.',
  alreadyVerified: 'Your e-mail address is already verified.',
  checkingTitle: 'Verifying your e-mail…',
  doneTitle: 'E-mail verified',
  doneDescription: (email: string) => `${email} is confirmed. Thank you!`,
  failedTitle: 'This link does not work',
  invalidLink: 'This link has expired or was already used. Send a new one from your home page.',
  missingToken: 'This link is incomplete. Open the link from the e-mail again.',
  addressTaken: 'Another account uses this e-mail address now.',
  pendingChange: (email: string) =>
    `We sent a link to ${email}. Your address changes once you open it; until then you sign in with the current one.`,
  changeRequestedTitle: 'Check your new inbox',
  /** Said before the work, where posting or messaging would be refused, not after it. */
  before: {
    publish: {
      title: 'Verify your e-mail to publish',
      description: (email: string) =>
        `Listings are published from confirmed addresses only. Open the link we sent to ${email}, then publish.`,
    },
    message: {
      title: 'Verify your e-mail to message sellers',
      description: (email: string) =>
        `Messages are sent from confirmed addresses only. Open the link we sent to ${email}, then write to the seller.`,
    },
  },
} as const;

/** One reset mail per account in this many minutes, whoever asks; its link works for an hour. */
export const PASSWORD_RESET_MAIL_WINDOW_MINUTES = 20;

export const FORGOT_TEXT = {
  link: 'Forgot password?',
  title: 'Forgot your password?',
  description: "Enter your account's e-mail address and we'll send you a link to choose a new one.",
  submit: 'Send link',
  sentTitle: 'Check your inbox',
  sent: (email: string) =>
    `If an account uses ${email}, we've sent it a link to choose a new password (or did in the last ${PASSWORD_RESET_MAIL_WINDOW_MINUTES} minutes: that one still works). The link works for one hour.`,
  backToSignIn: 'Back to sign in',
} as const;

export const RESET_TEXT = {
  title: 'Choose a new password',
  description: 'Your new password signs you out everywhere else.',
  submit: 'Save new password',
  doneTitle: 'Password changed',
  doneDescription: 'You are signed in with your new password. Other devices have been signed out.',
  invalidLink:
    'This link has expired or was already used. Ask for a new one from the sign-in page.',
  failedTitle: 'Could not change your password',
  linkFailedTitle: 'This reset link does not work',
  checking: 'Checking your link…',
  newLink: 'Send me a new link',
} as const;

export const ACCOUNT_TEXT = {
  verify: VERIFY_TEXT,
  forgot: FORGOT_TEXT,
  reset: RESET_TEXT,
  mailUnavailable:
    'E-mail is not available on this site right now, so we cannot send links. Please try again later.',
} as const;
