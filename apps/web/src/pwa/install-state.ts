/**
 * Whether this browser may be asked to install the app, shared by the install prompts.
 *
 * This module is in the first-visit bundle on purpose: the browser's install offer
 * (`beforeinstallprompt`) can arrive before the prompts' own code has loaded, and a missed
 * offer cannot be asked for again. It is kept small; each prompt loads only once it is due.
 */

/** The browser's install offer (Chromium browsers; not in the DOM typings). */
interface InstallOffer extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform: string }>;
}

interface InstallState {
  /** The held offer; each can be shown once. */
  offer: InstallOffer | null;
  installed: boolean;
  /** The neighbour said no to installing; they are not asked again. */
  dismissed: boolean;
}

/** Local browser flags (docs/product/data.md#browser-storage). */
const DISMISSED_FOREVER = 'install-prompt-dismissed-forever';
const INSTALLED = 'is-pwa-installed';

function readFlag(key: string): boolean {
  try {
    return localStorage.getItem(key) === 'true';
  } catch {
    return false;
  }
}

function writeFlag(key: string): void {
  try {
    localStorage.setItem(key, 'true');
  } catch {
    // Storage refused: the prompts stay hidden for this page only.
  }
}

/** Opened from the Home Screen or as an installed app window. */
function runningInstalled(): boolean {
  const iosStandalone = 'standalone' in navigator && navigator.standalone === true;
  return iosStandalone || matchMedia('(display-mode: standalone)').matches;
}

let state: InstallState = { offer: null, installed: false, dismissed: false };
const listeners = new Set<() => void>();

function update(next: Partial<InstallState>) {
  state = { ...state, ...next };
  listeners.forEach((listener) => listener());
}

export function subscribeInstallState(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getInstallState(): InstallState {
  return state;
}

function markInstalled(): void {
  writeFlag(INSTALLED);
  update({ installed: true, offer: null });
}

export function dismissInstallForever(): void {
  writeFlag(DISMISSED_FOREVER);
  update({ dismissed: true });
}

/** Hands the held offer over for showing; it cannot be shown twice. */
export function takeInstallOffer(): InstallOffer | null {
  const { offer } = state;
  if (offer) update({ offer: null });
  return offer;
}

/** Starts listening for the browser's install events; call once, as early as possible. */
export function watchInstallEvents(): void {
  const installed = readFlag(INSTALLED) || runningInstalled();
  if (installed) writeFlag(INSTALLED);
  state = { offer: null, installed, dismissed: readFlag(DISMISSED_FOREVER) };

  window.addEventListener('beforeinstallprompt', (event) => {
    // Keeps the browser's own mini-infobar away: our prompts decide when to ask.
    event.preventDefault();
    update({ offer: event as InstallOffer });
  });
  window.addEventListener('appinstalled', markInstalled);
}
