import { UI_TEXT } from '@yardsale/validators';
import type { PhotoProblem } from '@yardsale/validators';

/** Decoding is the proof: a file's name and declared type say nothing about its bytes. */
async function opensAsImage(file: Blob): Promise<boolean> {
  try {
    const bitmap = await createImageBitmap(file);
    bitmap.close();
    return true;
  } catch {
    return false;
  }
}

/**
 * Why a chosen file cannot be used as a photo, or null when it can: its declared type and size
 * first, then whether this browser opens it as an image (a document renamed `.jpg` does not). The
 * server inspects the bytes again; this spares a pointless upload and names the file at fault.
 */
export async function checkChosenPhoto(file: File, maxBytes: number): Promise<PhotoProblem | null> {
  const M = UI_TEXT.profilePicture;
  if (!file.type.startsWith('image/')) {
    return { title: M.invalidTypeTitle, description: M.invalidTypeDescription };
  }
  if (file.size > maxBytes) return { title: M.tooLargeTitle, description: M.tooLargeDescription };
  if (!(await opensAsImage(file))) {
    return {
      title: UI_TEXT.chosenPhoto.unreadableTitle,
      description: UI_TEXT.chosenPhoto.unreadableDescription(file.name),
    };
  }
  return null;
}
