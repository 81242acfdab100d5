/**
 * The texts every page's shell needs (a session that ended, signing out, installing and updating
 * the app), in a module of their own so a first visit does not download every other text.
 * UI_TEXT includes them under the same names.
 */
export const SIGN_OUT_TEXT = {
  failedTitle: 'Sign out failed',
  failedFallback: 'There was a problem signing you out. Please try again.',
} as const;

export const AUTH_TEXT = {
  loginRequiredTitle: 'Login required',
  loginToMessage: 'Please log in to send messages',
  loginToSave: 'Please log in to save listings',
  unauthorized: 'Please log in to continue',
  forbidden: 'You do not have permission to do that',
  crossOrigin: 'Request refused: it did not come from this site',
} as const;

export const INSTALL_TEXT = {
  cardTitle: 'Install the YardSale app',
  cardDescription: 'Open sales near you in one tap, from your home screen.',
  modalTitle: 'Install YardSale',
  modalDescription:
    'Add YardSale to this device and it opens in its own window, straight to the sales around you.',
  benefits: [
    'One tap from your home screen or dock',
    'Its own window, without browser tabs and bars',
    'Free, with nothing to download from an app store',
  ],
  install: 'Install',
  later: 'Later',
  iosBannerTitle: (device: string) => `Install YardSale on your ${device}`,
  iosBannerDescription: 'Add it to your Home Screen for one-tap access.',
  iosInstallButton: 'Install App',
  iosModalTitle: (device: string) => `Add YardSale to your ${device}`,
  iosModalDescription: 'Safari installs web apps from its Share menu. It takes three taps:',
  iosSteps: [
    'Tap the Share button in Safari’s toolbar.',
    'Scroll down and tap “Add to Home Screen”.',
    'Tap “Add”. YardSale appears on your Home Screen.',
  ],
  iosDone: 'Got it',
  iosToastTitle: 'Tap Share, then “Add to Home Screen”',
  iosToastDescription: 'The Share button is the square with an arrow pointing up.',
  updateReady: 'A new version of YardSale is ready.',
  updateHint: 'Reload to start using it.',
  reload: 'Reload',
  dismissUpdate: 'Not now',
} as const;
