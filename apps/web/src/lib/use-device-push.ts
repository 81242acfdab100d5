import { useCallback, useEffect, useState } from 'react';

import { devicePushState } from './push';
import type { DevicePush } from './push';

const readState = () => devicePushState().catch((): DevicePush => 'unsupported');

/**
 * Whether this device gets pushes (null until the browser has answered), kept current when the
 * permission changes in the browser's settings; `refresh` after turning push on or off.
 */
export function useDevicePush(): { state: DevicePush | null; refresh: () => Promise<void> } {
  const [state, setState] = useState<DevicePush | null>(null);
  const refresh = useCallback(() => readState().then(setState), []);

  useEffect(() => {
    let stopped = false;
    let status: PermissionStatus | null = null;
    const onChange = () => {
      void readState().then((next) => {
        if (!stopped) setState(next);
      });
    };
    onChange();
    // Not every browser can watch this permission (some lack the Permissions API): the state is
    // then read when the screen opens.
    Promise.resolve()
      .then(() => navigator.permissions.query({ name: 'notifications' }))
      .then((answer) => {
        if (stopped) return;
        status = answer;
        status.addEventListener('change', onChange);
      })
      .catch(() => undefined);
    return () => {
      stopped = true;
      status?.removeEventListener('change', onChange);
    };
  }, []);

  return { state, refresh };
}
