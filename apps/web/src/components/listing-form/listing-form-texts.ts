import { MAX_PHOTOS_PER_LISTING } from '@yardsale/validators';

/**
 * The texts of posting and editing a listing: the product's toasts (docs/product/texts.md),
 * used verbatim, and the form's own sections and fields.
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

  formLabel: { create: 'New listing', edit: 'Edit listing' },

  details: {
    title: 'Basic Information',
    description: "What you're selling, in a few words buyers will search for.",
    titleLabel: 'Title',
    titlePlaceholder: {
      garageSale: 'e.g. Three-family sale: toys, tools and books',
      singleItem: 'e.g. Oak bookshelf',
    },
    descriptionLabel: 'Description (optional)',
    descriptionHint: 'Condition, highlights, how to pay, anything a neighbour should know.',
    reminderLead: 'Reminder:',
    reminder:
      "please delete your listing once your garage sale is over, so neighbours don't drive over for a sale that has ended. If you forget, it comes down by itself at the sale's end time.",
  },

  photos: {
    title: 'Photos',
    description: `Up to ${MAX_PHOTOS_PER_LISTING} photos. Listings with clear photos get far more visits.`,
    addLabel: 'Add photos',
    addHint: 'Choose from your device, or drop them here',
    checking: 'Checking photos…',
    chosenLabel: 'Chosen photos',
    countHint: (count: number) =>
      `${count} of ${MAX_PHOTOS_PER_LISTING} photos · images up to 5 MB each. The first photo is the cover buyers see first.`,
    existingAlt: (position: number) => `Photo ${position} of your listing`,
    addedAlt: (position: number, fileName: string) => `Photo ${position}: ${fileName}`,
    primary: 'Primary',
    new: 'New',
    removeLabel: (position: number) => `Remove photo ${position}`,
    removingLabel: (position: number) => `Removing photo ${position}`,
    removeTitle: 'Remove this photo?',
    removeDescription:
      'It is taken off your listing right away, even if you leave without updating.',
    removeAction: 'Remove photo',
  },

  publishBar: {
    submit: { create: 'Publish Listing', edit: 'Update Listing' },
    submitPending: { create: 'Publishing...', edit: 'Updating...' },
    cancel: 'Cancel',
    cancelRequest: 'Cancel Request',
    progress: (percent: number) => `Uploading… ${percent}%`,
    progressLabel: 'Upload progress',
    requiredHint: 'Fields marked * are required.',
  },

  pricing: {
    title: 'Category & Pricing',
    description: 'Helps buyers find your listing when they filter.',
    categoryLabel: 'Category',
    categoryPlaceholder: 'Choose a category',
    priceRangeLabel: 'Price range',
    priceRangePlaceholder: 'Choose a price range',
  },

  whereAndWhen: {
    title: 'Location & Timing',
    description: {
      garageSale: 'Where and when buyers can come by.',
      singleItem: 'Where buyers can pick the item up.',
    },
    addressLabel: 'Address',
    addressHint: 'Shown on your listing to signed-in neighbours, with a link to directions.',
    dateLabel: 'Date',
    endDateLabel: 'Last day (optional)',
    endDateHint: 'Only for a sale that runs over several days.',
    startTimeLabel: 'Start time',
    endTimeLabel: 'End time',
    pinLabel: 'Pin on the map',
    pinHintApproximate:
      'Buyers see the ZIP area until you drag the pin to where they should go. Your exact spot stays yours to choose.',
    pinHintExact: 'Buyers will be directed to this pin.',
    pinWaiting: 'Enter the address and the map starts there.',
    pinNotPlaced:
      "We couldn't place this address on the map. Check the ZIP code or town, or publish and buyers see the address only.",
    pinLoading: 'Loading the map…',
    pinMapWaiting: 'The map opens at your address',
    pinMapNotFound: 'Address not found on the map',
    pinReset: 'Back to the address',
  },

  contact: {
    title: 'Contact Information',
    description: 'Optional. Buyers can always message you through YardSale instead.',
    phoneLabel: 'Contact phone (optional)',
    emailLabel: 'Contact email (optional)',
  },
} as const;
