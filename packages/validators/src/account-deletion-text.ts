import { DELETED_USER } from './deleted-user';

/** Texts of deleting one's account (the settings card, its dialog and the server's answers). */
export const ACCOUNT_DELETION_TEXT = {
  cardTitle: 'Delete Account',
  cardDescription:
    'Close your account for good: your listings, photos, saves, reviews and profile go at once.',
  openButton: 'Delete my account',
  dialogTitle: 'Delete your account?',
  dialogDescription:
    "This cannot be undone. Your listings, photos, saved listings, reviews and profile picture are removed at once. People you messaged keep the conversation, with your messages shown as from 'Deleted user'.",
  passwordLabel: 'Password',
  codeLabel: 'Authenticator code',
  codeDescription:
    'Only if two-factor sign-in is on: the 6-digit code from your authenticator app, or a recovery code.',
  confirmationLabel: (word: string) => `Type ${word} to confirm`,
  submit: 'Delete my account',
  submitting: 'Deleting…',
  cancel: 'Cancel',
  deletedTitle: 'Account deleted',
  deletedDescription: 'Your account and your listings have been removed. Goodbye, neighbour!',
  failedFallback: 'Your account could not be deleted. Please try again.',
  passwordRequired: 'Enter your password.',
  wrongPassword: 'That password is not right, so nothing was deleted.',
  codeRequired: 'Enter the code from your authenticator app.',
  wrongCode: 'That code is not right, so nothing was deleted.',
  codeTooLong: 'That code is too long.',
  confirmationMismatch: (word: string) => `Type ${word} exactly to confirm.`,
  adminRefused: 'The admin account cannot be deleted. Hand the role to someone else first.',
  systemRefused: 'The system account cannot be deleted.',
  alreadyDeleted: 'This account was deleted.',
  /** Writing to a conversation whose other party deleted their account. */
  recipientDeleted: 'This neighbour deleted their account, so they cannot receive messages.',
  /** Shown wherever a deleted account's name would be. */
  deletedUserName: DELETED_USER.displayName,
} as const;
