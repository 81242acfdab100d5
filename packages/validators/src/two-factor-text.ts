/** Texts of two-factor sign-in: set-up in Settings, the code step of sign-in, and the server's answers. */
export const TWO_FACTOR_TEXT = {
  cardTitle: 'Two-factor authentication',
  cardDescription:
    'After your password, sign-in also asks for a code from an authenticator app on your phone.',
  on: 'On',
  off: 'Off',
  turnOn: 'Turn on',
  turnOff: 'Turn off',
  setupTitle: 'Set up your authenticator app',
  setupScan:
    'Scan this QR code with an authenticator app (such as Google Authenticator, Microsoft Authenticator or 1Password), then enter the six-digit code it shows.',
  setupManual: 'Can’t scan? Type this key into the app instead:',
  codeLabel: 'Six-digit code',
  confirm: 'Turn on two-factor',
  enabledTitle: 'Two-factor authentication is on',
  recoveryTitle: 'Save your recovery codes',
  recoveryDescription:
    'Each code signs you in once if you lose your phone. Keep them somewhere safe: they are shown only now.',
  recoveryDone: 'I have saved them',
  recoveryCopy: 'Copy codes',
  recoveryCopied: 'Codes copied',
  recoveryLeft: (n: number) => `${n} recovery ${n === 1 ? 'code' : 'codes'} left`,
  disableTitle: 'Turn off two-factor authentication',
  disableDescription:
    'Enter your password and a current code from your app (or a recovery code). Sign-in will then ask for your password only.',
  disabledTitle: 'Two-factor authentication is off',
  signInTitle: 'Enter your code',
  signInDescription: 'Open your authenticator app and enter the six-digit code for YardSale.',
  passkeyStepTitle: 'Confirm with your passkey',
  passkeyStepDescription:
    'Your account asks for a passkey after the password. Use it to finish signing in.',
  signInRecoveryHint: 'Lost your phone? Enter one of your recovery codes instead.',
  useRecoveryCode: 'Lost your passkey? Use a recovery code',
  recoveryCodeLabel: 'Recovery code',
  recoveryCodeHint: 'One of the ten codes you saved when you added your first passkey.',
  recoveryRequired: 'Enter one of your recovery codes.',
  wrongRecoveryCode: 'That recovery code is not right, or was already used. Try another one.',
  passkeyRecoveryDescription:
    'Each code signs you in once if you lose the device your passkey is on. Keep them somewhere safe: they are shown only now.',
  renew: 'New recovery codes',
  renewTitle: 'Get new recovery codes',
  renewDescription:
    'Enter your password. Ten new codes replace the old ones, which stop working at once.',
  renewSubmit: 'Show new codes',
  noSecondStep:
    'Recovery codes come with two-factor sign-in: add a passkey or an authenticator app first.',
  verify: 'Verify',
  backToPassword: 'Use a different account',
  codeRequired: 'Enter the code from your authenticator app.',
  sixDigits: 'Enter the six digits your app shows.',
  wrongCode: 'That code is not right. Check your app and try again.',
  passwordRequired: 'Enter your password.',
  wrongPassword: 'That password is not right.',
  challengeExpired: 'This sign-in has expired. Please enter your e-mail and password again.',
  alreadyOn: 'Two-factor authentication is already on.',
  notOn: 'Two-factor authentication is not on.',
} as const;
