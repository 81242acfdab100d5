import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/browser';
import { PASSKEY_TEXT } from '@yardsale/validators';

const M = PASSKEY_TEXT;

/**
 * The browser side of WebAuthn, fetched the first time someone uses a passkey (decision 071): no
 * screen loads it up front, so the landing page and /home do not pay for it.
 */
const webAuthn = () => import('@simplewebauthn/browser');

class PasskeysUnsupportedError extends Error {}

/** Asks the browser to create a passkey for the server's options. */
export async function createPasskey(
  optionsJSON: PublicKeyCredentialCreationOptionsJSON,
): Promise<RegistrationResponseJSON> {
  const browser = await webAuthn();
  if (!browser.browserSupportsWebAuthn()) throw new PasskeysUnsupportedError();
  return browser.startRegistration({ optionsJSON });
}

/** Asks the browser for a passkey's answer to the server's sign-in options. */
export async function answerWithPasskey(
  optionsJSON: PublicKeyCredentialRequestOptionsJSON,
): Promise<AuthenticationResponseJSON> {
  const browser = await webAuthn();
  if (!browser.browserSupportsWebAuthn()) throw new PasskeysUnsupportedError();
  return browser.startAuthentication({ optionsJSON });
}

/** What to tell the person when the browser's passkey call failed; undefined for other errors. */
export function passkeyProblem(error: unknown): string | undefined {
  if (error instanceof PasskeysUnsupportedError) return M.unsupported;
  if (!(error instanceof Error)) return undefined;
  const code = 'code' in error ? error.code : undefined;
  if (code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED') return M.alreadyAdded;
  // Closing the browser's prompt, or letting it time out, reads as NotAllowedError.
  if (
    error.name === 'NotAllowedError' ||
    error.name === 'AbortError' ||
    code === 'ERROR_CEREMONY_ABORTED'
  ) {
    return M.cancelled;
  }
  return undefined;
}
