/**
 * Push for the outbox: a row goes to each of the person's current devices at once; a device that
 * keeps failing rests, then is removed.
 */
import { createHash } from 'node:crypto';

import { and, eq, getTableColumns, gt } from 'drizzle-orm';

import * as schema from '@yardsale/db/schema';

import { retryDelayMs } from './outbox-row';
import type { Payload, Row, Skip } from './outbox-row';
import { RefusedTargetError } from './outbound';
import { PushFailedError } from './push';
import type { PushSender } from './push';
import { pushTarget } from './push-subscriptions';
import type { ServerDeps } from './types';

const { pushSubscriptions, sessions } = schema;

/** A device whose push service refused this many sends in a row, the last one for good, is removed. */
export const DEVICE_REMOVED_AFTER_REFUSALS = 3;
/** A device that failed this many sends in a row, whatever the reason, is removed. */
const DEVICE_REMOVED_AFTER_FAILURES = 10;

/** The push service's Topic header: at most 32 URL-safe characters, the same for the same key. */
const topicOf = (key: string) => createHash('sha256').update(key).digest('base64url').slice(0, 32);

/** No device of the person could be tried now (each is resting after failures): try the row later. */
class DevicesRestingError extends Error {
  constructor() {
    super('every device is resting after failed sends');
    this.name = 'DevicesRestingError';
  }
}

type Device = typeof pushSubscriptions.$inferSelect;
type DeviceResult = 'sent' | 'gone' | 'failed';

/**
 * Pushes to each of the person's devices at once, each on its own: one device's failure is recorded
 * on that device and costs the others nothing. Sent when any device took it; tried again later when
 * none did and one may yet (a failure that can pass, or devices resting).
 */
export async function sendPush(
  deps: ServerDeps,
  row: Row,
  payload: Payload,
): Promise<'sent' | Skip> {
  const { push } = deps;
  if (!push) return 'no-device';
  // Only devices whose sign-in is still current: an expired session's row may not be gone yet.
  const devices = await deps.db
    .select(getTableColumns(pushSubscriptions))
    .from(pushSubscriptions)
    .innerJoin(sessions, eq(sessions.id, pushSubscriptions.sessionId))
    .where(and(eq(pushSubscriptions.userId, row.userId), gt(sessions.expiresAt, deps.now())));
  if (devices.length === 0) return 'no-device';
  const now = deps.now().getTime();
  const ready = devices.filter((d) => !d.restingUntil || d.restingUntil.getTime() <= now);
  if (ready.length === 0) throw new DevicesRestingError();
  const tag = row.idempotencyKey.replace(/:push$/, '');
  const message = {
    title: payload.title,
    body: payload.body,
    url: payload.url,
    tag,
    listingId: payload.listingId,
    conversationId: payload.conversationId,
  };
  const options = {
    topic: topicOf(tag),
    urgency: row.kind === 'message' ? ('high' as const) : ('normal' as const),
  };
  const results = await Promise.all(
    ready.map((device) => pushToDevice(deps, push, device, message, options)),
  );
  if (results.includes('sent')) return 'sent';
  const failed = results.filter((r) => r === 'failed').length;
  if (failed > 0 || ready.length < devices.length) {
    throw new PushFailedError(undefined, false, `no device took it (${String(failed)} failed)`);
  }
  return 'no-device';
}

/** One device: sent, gone (removed), or failed (recorded on the device, which rests a while). */
async function pushToDevice(
  deps: ServerDeps,
  push: PushSender,
  device: Device,
  message: object,
  options: Parameters<PushSender['send']>[3],
): Promise<DeviceResult> {
  try {
    // Resolved and checked now, and sent to the address checked (a name may point elsewhere by now).
    const target = await pushTarget(deps, device.endpoint);
    const outcome = await push.send(
      { endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } },
      message,
      target,
      options,
    );
    if (outcome === 'gone') {
      await deps.db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, device.id));
      return 'gone';
    }
    if (device.failures > 0 || device.restingUntil) {
      await deps.db
        .update(pushSubscriptions)
        .set({ failures: 0, restingUntil: null, lastError: null })
        .where(eq(pushSubscriptions.id, device.id));
    }
    return 'sent';
  } catch (err) {
    if (!(err instanceof PushFailedError) && !(err instanceof RefusedTargetError)) throw err;
    const refused = err instanceof PushFailedError ? err.permanent : err.reason !== 'unresolved';
    const failures = device.failures + 1;
    if (
      failures >= DEVICE_REMOVED_AFTER_FAILURES ||
      (refused && failures >= DEVICE_REMOVED_AFTER_REFUSALS)
    ) {
      await deps.db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, device.id));
      deps.logger.warn(
        { err, deviceId: device.id, userId: device.userId, failures },
        'a push device failed too often and was removed',
      );
    } else {
      await deps.db
        .update(pushSubscriptions)
        .set({
          failures,
          restingUntil: new Date(deps.now().getTime() + retryDelayMs(failures)),
          lastError: err.message.slice(0, 500),
        })
        .where(eq(pushSubscriptions.id, device.id));
      deps.logger.warn(
        { err, deviceId: device.id, userId: device.userId, failures },
        'a push to one device failed',
      );
    }
    return 'failed';
  }
}
