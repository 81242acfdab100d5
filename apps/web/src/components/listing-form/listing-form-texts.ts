/**
 * The spec's texts for posting and editing a listing (sections 2 and 8), used verbatim. They
 * belong in @yardsale/validators' UI_TEXT once it carries listing toasts.
 */
export const LISTING_FORM_TEXTS = {
  creatingTitle: 'Creating listing...',
  updatingTitle: 'Updating listing...',
  uploadingDescription: (photoCount: number) =>
    `Uploading ${photoCount} photo(s) and saving details...`,
  savingDescription: 'Saving your listing details...',
  createdTitle: 'Listing created',
  createdDescription: 'Your listing has been created successfully.',
  updatedTitle: 'Listing updated',
  updatedDescription: 'Your listing has been updated successfully.',
  createFailedTitle: 'Creation failed',
  updateFailedTitle: 'Update failed',
  failedFallback: 'An error occurred while processing your listing.',
  cancelledTitle: 'Request cancelled',
  cancelledDescription: 'Your listing submission was cancelled.',
} as const;
