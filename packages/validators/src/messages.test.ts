import { describe, expect, it } from 'vitest';

import { MESSAGES } from './messages';

/**
 * The spec's own sentences (sections 5 and 9), typed out literally. If someone edits MESSAGES so that
 * it no longer says what the spec says, these fail even though the behaviour tests (which import
 * MESSAGES) would still pass.
 */
describe('MESSAGES says exactly what the spec says', () => {
  const cases: [string, string, string][] = [
    ['sign-in invalid email', MESSAGES.signIn.invalidEmail, 'Please enter a valid email'],
    [
      'sign-in short password',
      MESSAGES.signIn.shortPassword,
      'Password must be at least 6 characters',
    ],
    [
      'registration invalid email',
      MESSAGES.register.invalidEmail,
      'Please enter a valid email address',
    ],
    ['registration email required', MESSAGES.register.emailRequired, 'Email is required'],
    [
      'registration short password',
      MESSAGES.register.shortPassword,
      'Password must be at least 6 characters',
    ],
    ['registration first name', MESSAGES.register.firstNameRequired, 'First name is required'],
    ['registration last name', MESSAGES.register.lastNameRequired, 'Last name is required'],
    [
      'registration terms',
      MESSAGES.register.termsRequired,
      'You must agree to the Terms of Service and Privacy Policy to create an account',
    ],
    [
      'password change all required',
      MESSAGES.password.allRequired,
      'Please fill in all password fields.',
    ],
    ['password change mismatch', MESSAGES.password.mismatch, 'New passwords do not match.'],
    [
      'password change too short',
      MESSAGES.password.tooShort,
      'New password must be at least 6 characters long.',
    ],
    ['listing title', MESSAGES.listing.titleRequired, 'Title is required'],
    ['listing category', MESSAGES.listing.categoryRequired, 'Category is required'],
    ['listing type', MESSAGES.listing.listingTypeRequired, 'Listing type is required'],
    ['listing price range', MESSAGES.listing.priceRangeRequired, 'Price range is required'],
    ['listing address', MESSAGES.listing.addressRequired, 'Address is required'],
    ['garage-sale date', MESSAGES.listing.dateRequired, 'Date is required for garage sales'],
    [
      'garage-sale start time',
      MESSAGES.listing.startTimeRequired,
      'Start time is required for garage sales',
    ],
    [
      'garage-sale end time',
      MESSAGES.listing.endTimeRequired,
      'End time is required for garage sales',
    ],
    ['review rating min', MESSAGES.review.ratingMin, 'Rating must be at least 1'],
    ['review rating max', MESSAGES.review.ratingMax, 'Rating must be at most 5'],
    ['review rating required title', MESSAGES.review.ratingRequiredTitle, 'Rating required'],
    [
      'review rating required description',
      MESSAGES.review.ratingRequiredDescription,
      'Please select a star rating',
    ],
    ['message empty', MESSAGES.message.empty, 'Message cannot be empty'],
    [
      'report description',
      MESSAGES.report.descriptionLength,
      'Please provide a detailed description (at least 10 characters)',
    ],
    ['profile picture type title', MESSAGES.profilePicture.invalidTypeTitle, 'Invalid file type'],
    [
      'profile picture type description',
      MESSAGES.profilePicture.invalidTypeDescription,
      'Please select an image file',
    ],
    ['profile picture size title', MESSAGES.profilePicture.tooLargeTitle, 'File too large'],
    [
      'profile picture size description',
      MESSAGES.profilePicture.tooLargeDescription,
      'Please select an image smaller than 5MB',
    ],
    [
      'duplicate e-mail (product decisions)',
      MESSAGES.register.emailTaken,
      'An account with this email already exists',
    ],
  ];

  it.each(cases)('%s', (_name, actual, spec) => {
    expect(actual).toBe(spec);
  });
});
