import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// eslint-disable-next-line @typescript-eslint/no-restricted-imports -- the journeys run in Node, not in the app: the API's test helper makes the push service's certificate
import { createLoopbackCertificate } from '@yardsale/api/push-testing';

/**
 * The end-to-end suite's one reader of process.env. The server's port and data folder are chosen
 * once, in the runner process, and written back to the environment so that every test worker
 * (which inherits it) talks to the same server.
 */
// eslint-disable-next-line no-restricted-properties -- the test suite's env module
const env = process.env;

function freePort(): string {
  // A throwaway listener on port 0 lets the OS pick a port nobody is using.
  return execFileSync(
    process.execPath,
    [
      '-e',
      "const s=require('node:net').createServer();s.listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close();});",
    ],
    { encoding: 'utf8' },
  ).trim();
}

env.YARDSALE_E2E_PORT ??= freePort();
env.YARDSALE_E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'yardsale-e2e-'));
env.YARDSALE_E2E_PASSKEY_PORT ??= freePort();
env.YARDSALE_E2E_PASSKEY_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'yardsale-e2e-passkeys-'));
// The journeys' own push service's certificate, made before the server starts so it can trust it.
env.YARDSALE_E2E_PUSH_CERT_DIR ??= createLoopbackCertificate(2);

const FULL_CHROMIUM = env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

export const e2eEnv = {
  /** The full browser, for what only it does: ask for and show notifications (push). */
  fullChromiumPath: FULL_CHROMIUM,
  /**
   * Chromium's headless shell where it is installed (Debian: chromium-headless-shell), as
   * Playwright's own headless runs use: it draws the same pages for about a third less CPU than
   * the full browser, which the journeys' two workers share with the server. It denies every
   * notification, so the journeys about them take the full browser.
   */
  chromiumPath:
    env.CHROMIUM_HEADLESS_SHELL_PATH ??
    (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : FULL_CHROMIUM),
  port: env.YARDSALE_E2E_PORT,
  dataDir: env.YARDSALE_E2E_DATA_DIR,
  baseURL: `http://127.0.0.1:${env.YARDSALE_E2E_PORT}`,
  /**
   * A second server for the passkey journeys, whose site is at localhost: WebAuthn refuses an IP
   * address as a site's name, and each server accepts pages from its own APP_ORIGIN only
   * (decision 071).
   */
  passkeys: {
    port: env.YARDSALE_E2E_PASSKEY_PORT,
    dataDir: env.YARDSALE_E2E_PASSKEY_DATA_DIR,
    baseURL: `http://localhost:${env.YARDSALE_E2E_PASSKEY_PORT}`,
  },
  /** The push service's key and certificate; the server trusts the certificate (e2e/push-service.ts). */
  pushService: {
    dir: env.YARDSALE_E2E_PUSH_CERT_DIR,
    key: path.join(env.YARDSALE_E2E_PUSH_CERT_DIR, 'key.pem'),
    cert: path.join(env.YARDSALE_E2E_PUSH_CERT_DIR, 'cert.pem'),
  },
  /** The server makes this account the admin at start. */
  admin: { email: 'admin@yardsale.test', password: 'e2e-admin-password' },
  ci: Boolean(env.CI),
  /** The built server (`pnpm build`), run with node as `pnpm start` does. */
  builtServer: fileURLToPath(new URL('../../server/dist/main.js', import.meta.url)),
  /** A web build elsewhere than apps/web/dist (so two builds can be tested side by side). */
  webDistDir: env.WEB_DIST_DIR,
};
