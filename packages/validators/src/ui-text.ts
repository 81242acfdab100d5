import { ACCOUNT_DELETION_TEXT } from './account-deletion-text';
import { ACCOUNT_TEXT } from './account-text';
import { TWO_FACTOR_TEXT } from './two-factor-text';
import { PASSKEY_TEXT } from './passkey-text';
import { AUTH_TEXT, INSTALL_TEXT, SIGN_OUT_TEXT } from './shell-text';

/**
 * User-facing texts (docs/product/texts.md, docs/product/rules.md#what-is-checked). Every screen
 * and the server use these.
 */
export const UI_TEXT = {
  signOut: SIGN_OUT_TEXT,
  auth: AUTH_TEXT,
  install: INSTALL_TEXT,
  account: ACCOUNT_TEXT,
  twoFactor: TWO_FACTOR_TEXT,
  passkeys: PASSKEY_TEXT,
  deleteAccount: ACCOUNT_DELETION_TEXT,
  signIn: {
    invalidEmail: 'Please enter a valid email',
    shortPassword: 'Password must be at least 6 characters',
    wrongCredentials: 'Invalid email or password',
    failedTitle: 'Sign in failed',
    failedFallback: 'Please check your email and password and try again.',
  },
  register: {
    invalidEmail: 'Please enter a valid email address',
    emailRequired: 'Email is required',
    shortPassword: 'Password must be at least 6 characters',
    longPassword: 'Password must be at most 256 characters',
    firstNameRequired: 'First name is required',
    lastNameRequired: 'Last name is required',
    termsRequired: 'You must agree to the Terms of Service and Privacy Policy to create an account',
    emailTaken: 'An account with this email already exists',
    failedTitle: 'Account creation failed',
    failedFallback: "We couldn't create your account. Please try again.",
  },
  password: {
    allRequired: 'Please fill in all password fields.',
    mismatch: 'New passwords do not match.',
    tooShort: 'New password must be at least 6 characters long.',
    wrongCurrent: 'Current password is incorrect.',
    changedTitle: 'Password changed',
    changedDescription: 'Your password has been updated. Other devices have been signed out.',
  },
  profile: {
    updatedTitle: 'Profile updated',
    failedTitle: 'Error',
    failedFallback: 'Failed to update profile. Please try again.',
    phoneTooLong: 'Phone number is too long',
    invalidPhone: 'Enter a phone number using digits, such as (608) 555-0134.',
    accountNotFound: 'Account not found',
  },
  profilePicture: {
    invalidTypeTitle: 'Invalid file type',
    invalidTypeDescription: 'Please select an image file',
    tooLargeTitle: 'File too large',
    tooLargeDescription: 'Please select an image smaller than 5MB',
    updatedTitle: 'Profile picture updated',
    removedTitle: 'Profile picture removed',
    uploadFailedTitle: 'Upload failed',
    uploadFailedFallback: 'Failed to upload profile picture',
    removeFailedTitle: 'Removal failed',
    removeFailedFallback: 'Failed to remove profile picture',
    onlyOne: 'Send one profile picture',
  },
  /** A chosen file that does not open as an image: a renamed document, a damaged photo. */
  chosenPhoto: {
    unreadableTitle: 'Not an image',
    unreadableDescription: (fileName: string) =>
      `"${fileName}" could not be opened as an image. Please choose a photo, such as a JPEG or PNG.`,
  },
  listing: {
    titleRequired: 'Title is required',
    categoryRequired: 'Category is required',
    listingTypeRequired: 'Listing type is required',
    priceRangeRequired: 'Price range is required',
    addressRequired: 'Address is required',
    dateRequired: 'Date is required for garage sales',
    startTimeRequired: 'Start time is required for garage sales',
    endTimeRequired: 'End time is required for garage sales',
    tooManyPhotos: 'You can upload at most 5 photos per listing',
    notFound: 'Listing not found',
    onlySeller: 'Only the seller can change this listing',
    endTimeBeforeStart: 'End time must be after the start time',
    endDateBeforeStart: 'End date must be on or after the start date',
    dateInPast: 'The sale date cannot be in the past',
    saleAlreadyOver: 'This sale would already be over: choose a later end time',
    timeFormat: 'Use a time like 09:30',
    invalidContactEmail: 'Please enter a valid email',
    unknownTimeZone: 'Unknown time zone',
    photoRequired: 'Choose at least one photo',
    photoNotInListing: 'That photo is not part of this listing',
    photoTooLarge: 'Each photo must be 5MB or smaller',
    photoNotImage: 'Photos must be images (JPEG, PNG, WebP, GIF, AVIF or HEIC)',
    /** The multipart form's optional "listing" field, which holds every field as JSON. */
    fieldsNotJson: 'The "listing" field must be JSON',
    rangeBackwards: 'The range must start before it ends',
    latitudeRange: 'Latitude must be a number from -90 to 90',
    longitudeRange: 'Longitude must be a number from -180 to 180',
    /** REST `near`: one point as two numbers. */
    nearFormat: 'Give near as latitude,longitude, like 43.07,-89.40',
    radiusRange: 'The distance must be more than 0 and at most 250 miles',
    radiusNeedsNear: 'Choose a place to search around before choosing a distance',
    distanceSortNeedsNear: 'Choose a place to sort by distance from it',
    /** The listing form after saving, when the address is on no map and the seller placed no pin. */
    locationNotFound:
      'Location not found on the map. Your listing is published; drag the pin to where buyers should go, or check the address.',
  },
  geo: {
    placeQueryRequired: 'Type a ZIP code or a town, like 53703 or Madison, WI',
    placeQueryTooLong: 'A ZIP code or town is at most 100 characters',
  },
  review: {
    ratingMin: 'Rating must be at least 1',
    ratingMax: 'Rating must be at most 5',
    ratingRequiredTitle: 'Rating required',
    ratingRequiredDescription: 'Please select a star rating',
    commentTooLong: 'Comment must be at most 500 characters',
    notYourself: 'You cannot review yourself',
    duplicate: 'You have already reviewed this seller for this listing',
    listingNotTheirs: 'That listing does not belong to this seller',
    submittedTitle: 'Review submitted',
    submittedDescription: 'Thank you for rating this seller.',
    failedTitle: 'Review failed',
    failedFallback: "We couldn't save your review. Please try again.",
  },
  message: {
    empty: 'Message cannot be empty',
    tooLong: 'Message must be at most 2000 characters',
    notFound: 'Message not found',
    onlySender: 'Only its sender can delete a message',
    keyReused: 'This message key was already used in another conversation',
  },
  conversation: {
    notFound: 'Conversation not found',
    ownListing: 'This is your own listing',
    announcementReadOnly: 'Announcements cannot be answered',
    /** The notice in a thread whose conversation closed, and why the composer is shut. */
    closed: {
      'listing.deleted': 'This listing was deleted by the seller',
      'listing.removed': 'This listing was removed by YardSale',
      'listing.ended': 'This listing has ended and was removed',
    },
    closedComposer: {
      'listing.deleted': 'Replies are closed: the seller deleted this listing.',
      'listing.removed': 'Replies are closed: YardSale removed this listing.',
      'listing.ended': 'Replies are closed: this listing has ended.',
    },
  },
  /** An open conversation's history and what arrives while it is read. */
  thread: {
    loadOlder: 'Load older messages',
    loadingOlder: 'Loading older messages…',
    loadOlderFailed: 'Older messages could not be loaded. Try again',
    newMessages: 'New messages',
  },
  report: {
    descriptionLength: 'Please provide a detailed description (at least 10 characters)',
    descriptionTooLong: 'Description must be at most 1000 characters',
    invalidCategory: 'Please choose a report category',
    notYourself: 'You cannot report yourself',
    duplicatePending: 'You have already reported this and it is waiting for review',
    listingNotTheirs: 'That listing does not belong to this user',
    submittedTitle: 'Report submitted',
    submittedDescription: 'Thank you. Our team will review your report.',
    failedTitle: 'Failed to submit report',
    failedFallback: 'Please try again.',
    notFound: 'Report not found',
    /** A status move the report machine does not allow. */
    transitionRefused: (from: string, to: string) => `A ${from} report cannot be marked ${to}`,
    updatedTitle: 'Report updated',
    updateFailedTitle: 'Error',
    updateFailedFallback: 'Failed to update report. Please try again.',
  },
  announcement: {
    empty: 'Announcement cannot be empty',
    sentTitle: 'Announcement sent',
    sentDescription: 'Your message has been sent to all users successfully.',
    failedTitle: 'Error',
    failedFallback: 'Failed to send announcement. Please try again.',
  },
  cleanup: {
    doneTitle: 'Cleanup completed',
    /** The result message the dashboard shows. */
    result: (removed: number) =>
      removed === 0
        ? 'No duplicate listings found.'
        : `Removed ${removed} duplicate listing${removed === 1 ? '' : 's'}.`,
    failedTitle: 'Error',
    failedFallback: 'Failed to clean up duplicates. Please try again.',
  },
  admin: {
    signedOut: 'Please log in to access this page.',
    notAdmin: 'You do not have permission to access this page.',
    loadMoreReports: 'Load more reports',
    loadingMoreReports: 'Loading more reports…',
    /** Under the list: how far the admin has read into the selected tab. */
    reportsShown: (shown: number, total: number) =>
      shown >= total
        ? `All ${total} report${total === 1 ? '' : 's'} shown`
        : `Showing ${shown} of ${total} reports`,
    loadMoreFailed: "We couldn't load more reports. Check your connection and try again.",
  },
  users: {
    notFoundTitle: 'User Not Found',
    notFoundDescription: "The user you're looking for doesn't exist.",
  },
  /** Refusals of the live-update connection (decision 024). */
  live: {
    tooManyStreams: 'Too many live updates are open in this window. Please reload the page.',
    tooManyCalls: 'Too many requests at once. Please wait a moment and try again.',
    tooManyConnections: 'Too many YardSale windows are open. Please close some and try again.',
    sessionEnded: 'Your session has ended. Please log in again.',
  },
  /** Requests the server could not take as sent: what a client reads instead of a parser's own words. */
  request: {
    unreadable: 'The request could not be read. Please reload the page and try again.',
    invalidId: 'That id is not valid',
    nulInText: 'Text cannot contain NUL characters',
    dateFormat: 'Use a date like 2025-07-03',
    dateInvalid: 'Use a real date between the years 2000 and 2100',
    invalidCursor: 'That page link is no longer valid',
    cursorOtherOrder:
      'That page link belongs to another sort order: start again from the first page',
    batchTooLarge: (max: number) => `Too many calls in one request: send at most ${max} at a time`,
    batchTooCostly: 'This request asks for too much at once: send fewer searches together',
    formUnreadable: 'The form could not be read: send it as multipart/form-data with a boundary',
    formTooManyFields: 'The form has too many fields',
    /** An upload sent as something other than a multipart form; `fields` names where files go. */
    formNotMultipart: (fields: string) =>
      `Send the form as multipart/form-data with files in ${fields}`,
    formWrongFileField: (fields: string) => `Send files in ${fields}`,
    tooLarge: 'The request is too large',
    unsupportedMediaType: 'Send the request as JSON (application/json) or as a multipart form',
    notFound: 'Not found',
    methodNotAllowed: 'That method is not allowed here',
  },
  /** Downloading a copy of one's data from Settings (decision 069). */
  dataExport: {
    title: 'Download your data',
    description:
      'Get a zip file with your profile, listings, saved listings, conversations, reviews and reports, and your photos.',
    button: 'Download my data',
    preparing: 'Preparing your download…',
    startedTitle: 'Download started',
    startedDescription: 'Your data is saved as a zip file in your downloads.',
    failedTitle: 'Download failed',
    failedFallback: "We couldn't prepare your data. Please try again.",
    tooMany: (minutes: number) =>
      `You have downloaded your data several times in the last hour. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    /** How an account that was deleted appears in others' exports. */
    deletedUser: 'Deleted user',
  },
  rateLimited: 'Too many attempts. Please wait a moment and try again.',
  serverError: 'Something went wrong on our side. Please try again.',
} as const;
