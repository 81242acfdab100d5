import { describe, expect, it } from 'vitest';

import { UI_TEXT } from './ui-text';

/**
 * The product's own sentences (docs/product/rules.md#what-is-checked), typed out literally. If
 * someone edits UI_TEXT so that it no longer says what the product says, these fail even though the
 * behaviour tests (which import UI_TEXT) would still pass.
 */
describe('UI_TEXT says exactly what the product says', () => {
  const cases: [string, string, string][] = [
    ['sign-in invalid email', UI_TEXT.signIn.invalidEmail, 'Please enter a valid email'],
    [
      'sign-in short password',
      UI_TEXT.signIn.shortPassword,
      'Password must be at least 6 characters',
    ],
    [
      'registration invalid email',
      UI_TEXT.register.invalidEmail,
      'Please enter a valid email address',
    ],
    ['registration email required', UI_TEXT.register.emailRequired, 'Email is required'],
    [
      'registration short password',
      UI_TEXT.register.shortPassword,
      'Password must be at least 6 characters',
    ],
    ['registration first name', UI_TEXT.register.firstNameRequired, 'First name is required'],
    ['registration last name', UI_TEXT.register.lastNameRequired, 'Last name is required'],
    [
      'registration terms',
      UI_TEXT.register.termsRequired,
      'You must agree to the Terms of Service and Privacy Policy to create an account',
    ],
    [
      'password change all required',
      UI_TEXT.password.allRequired,
      'Please fill in all password fields.',
    ],
    ['password change mismatch', UI_TEXT.password.mismatch, 'New passwords do not match.'],
    [
      'password change too short',
      UI_TEXT.password.tooShort,
      'New password must be at least 6 characters long.',
    ],
    ['listing title', UI_TEXT.listing.titleRequired, 'Title is required'],
    ['listing category', UI_TEXT.listing.categoryRequired, 'Category is required'],
    ['listing type', UI_TEXT.listing.listingTypeRequired, 'Listing type is required'],
    ['listing price range', UI_TEXT.listing.priceRangeRequired, 'Price range is required'],
    ['listing address', UI_TEXT.listing.addressRequired, 'Address is required'],
    ['garage-sale date', UI_TEXT.listing.dateRequired, 'Date is required for garage sales'],
    [
      'garage-sale start time',
      UI_TEXT.listing.startTimeRequired,
      'Start time is required for garage sales',
    ],
    [
      'garage-sale end time',
      UI_TEXT.listing.endTimeRequired,
      'End time is required for garage sales',
    ],
    ['review rating min', UI_TEXT.review.ratingMin, 'Rating must be at least 1'],
    ['review rating max', UI_TEXT.review.ratingMax, 'Rating must be at most 5'],
    ['review rating required title', UI_TEXT.review.ratingRequiredTitle, 'Rating required'],
    [
      'review rating required description',
      UI_TEXT.review.ratingRequiredDescription,
      'Please select a star rating',
    ],
    ['message empty', UI_TEXT.message.empty, 'Message cannot be empty'],
    [
      'report description',
      UI_TEXT.report.descriptionLength,
      'Please provide a detailed description (at least 10 characters)',
    ],
    ['profile picture type title', UI_TEXT.profilePicture.invalidTypeTitle, 'Invalid file type'],
    [
      'profile picture type description',
      UI_TEXT.profilePicture.invalidTypeDescription,
      'Please select an image file',
    ],
    ['profile picture size title', UI_TEXT.profilePicture.tooLargeTitle, 'File too large'],
    [
      'profile picture size description',
      UI_TEXT.profilePicture.tooLargeDescription,
      'Please select an image smaller than 5MB',
    ],
    [
      'duplicate e-mail (product decisions)',
      UI_TEXT.register.emailTaken,
      'An account with this email already exists',
    ],
  ];

  it.each(cases)('%s', (_name, actual, expected) => {
    expect(actual).toBe(expected);
  });
});
