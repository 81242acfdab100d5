import { MAX_PHOTO_BYTES, MAX_PROFILE_PICTURE_BYTES } from './constants';
import { UI_TEXT } from './ui-text';

export interface FileLike {
  type: string;
  size: number;
}

export type PhotoProblem = { title: string; description: string };

/**
 * The client-side courtesy check for a chosen profile picture
 * (docs/product/rules.md#what-is-checked). The server checks the bytes themselves; this only saves
 * a pointless upload.
 */
export function checkProfilePicture(file: FileLike): PhotoProblem | null {
  const M = UI_TEXT.profilePicture;
  if (!file.type.startsWith('image/')) {
    return { title: M.invalidTypeTitle, description: M.invalidTypeDescription };
  }
  if (file.size > MAX_PROFILE_PICTURE_BYTES) {
    return { title: M.tooLargeTitle, description: M.tooLargeDescription };
  }
  return null;
}

export function isPhotoTooLarge(file: FileLike): boolean {
  return file.size > MAX_PHOTO_BYTES;
}
