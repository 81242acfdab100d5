import { INSTALL_MODAL_DELAY_MS } from '@yardsale/validators';
import { useEffect, useState, useSyncExternalStore } from 'react';

import {
  dismissInstallForever,
  getInstallState,
  subscribeInstallState,
  takeInstallOffer,
} from '../../pwa/install-state';
import { appleMobileDevice } from './platform';
import type { AppleMobileDevice } from './platform';

type InstallPrompt =
  | { kind: 'none' }
  /** The browser has offered installation: a card, then after a while the modal. */
  | { kind: 'card' }
  | { kind: 'modal' }
  /** iPhone and iPad have no install event: a banner with Safari's steps. */
  | { kind: 'ios'; device: AppleMobileDevice };

/**
 * Which install prompt to show (docs/product/rules.md#install-prompts). Nothing once the app is
 * installed or the neighbour has said no. Elsewhere than on iOS, only a browser that has offered
 * installation is asked about: its offer is what the Install button uses.
 */
export function useInstallPrompts() {
  const { offer, installed, dismissed } = useSyncExternalStore(
    subscribeInstallState,
    getInstallState,
  );
  const [device] = useState(() => appleMobileDevice(navigator.userAgent, navigator.maxTouchPoints));
  const [modalDue, setModalDue] = useState(false);

  useEffect(() => {
    const timer = setTimeout(() => setModalDue(true), INSTALL_MODAL_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);

  let prompt: InstallPrompt = { kind: 'none' };
  if (installed || dismissed) prompt = { kind: 'none' };
  else if (device) prompt = { kind: 'ios', device };
  else if (offer) prompt = modalDue ? { kind: 'modal' } : { kind: 'card' };

  return {
    prompt,
    /** Shows the browser's own install dialog; saying no there counts as saying no to us. */
    install: async () => {
      const held = takeInstallOffer();
      if (!held) return;
      await held.prompt();
      const { outcome } = await held.userChoice;
      if (outcome === 'dismissed') dismissInstallForever();
    },
    /** 'Later' or closing: not asked again on this browser. */
    dismiss: dismissInstallForever,
  };
}
