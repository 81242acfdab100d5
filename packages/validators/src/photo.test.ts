import { describe, expect, it } from 'vitest';

import { MAX_PHOTO_BYTES, MAX_PROFILE_PICTURE_BYTES } from './constants';
import { UI_TEXT } from './ui-text';
import { checkProfilePicture, isPhotoTooLarge } from './photo';

const MB = 1024 * 1024;

describe('checkProfilePicture', () => {
  it.each(['application/pdf', 'text/plain', 'video/mp4', ''])(
    "refuses the type %j with 'Invalid file type' / 'Please select an image file'",
    (type) => {
      expect(checkProfilePicture({ type, size: 1000 })).toEqual({
        title: UI_TEXT.profilePicture.invalidTypeTitle,
        description: UI_TEXT.profilePicture.invalidTypeDescription,
      });
    },
  );

  it('uses the product text for a non-image', () => {
    expect(checkProfilePicture({ type: 'application/pdf', size: 10 })).toEqual({
      title: 'Invalid file type',
      description: 'Please select an image file',
    });
  });

  it("refuses an image over 5 MB with 'File too large' / 'Please select an image smaller than 5MB'", () => {
    expect(MAX_PROFILE_PICTURE_BYTES).toBe(5 * MB);
    expect(checkProfilePicture({ type: 'image/jpeg', size: 5 * MB + 1 })).toEqual({
      title: UI_TEXT.profilePicture.tooLargeTitle,
      description: UI_TEXT.profilePicture.tooLargeDescription,
    });
    expect(checkProfilePicture({ type: 'image/png', size: 12 * MB })).toEqual({
      title: 'File too large',
      description: 'Please select an image smaller than 5MB',
    });
  });

  it('reports the type before the size for a large non-image', () => {
    expect(checkProfilePicture({ type: 'application/zip', size: 50 * MB })?.title).toBe(
      UI_TEXT.profilePicture.invalidTypeTitle,
    );
  });

  it.each([
    ['image/jpeg', 200 * 1024],
    ['image/png', 1],
    ['image/webp', 5 * MB],
    ['image/gif', 3 * MB],
  ])('returns null for a fine image (%s, %i bytes)', (type, size) => {
    expect(checkProfilePicture({ type, size })).toBeNull();
  });
});

describe('isPhotoTooLarge', () => {
  it('allows up to 5 MB per listing photo', () => {
    expect(MAX_PHOTO_BYTES).toBe(5 * MB);
    expect(isPhotoTooLarge({ type: 'image/jpeg', size: 5 * MB })).toBe(false);
    expect(isPhotoTooLarge({ type: 'image/jpeg', size: 5 * MB + 1 })).toBe(true);
  });
});
