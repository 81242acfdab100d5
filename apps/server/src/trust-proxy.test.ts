import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { recordingLogger } from '@yardsale/api/testing';
import { createTestDatabase, testDatabaseKinds } from '@yardsale/db/testing';
import type { TestDatabase } from '@yardsale/db/testing';
import { UI_TEXT } from '@yardsale/validators';

import { startLocalServer } from '../test/local-server';
import type { LocalServer } from '../test/local-server';
import { TEST_ADMIN_EMAIL } from '../test/test-server';

/**
 * Behind one proxy that appends the address it saw to X-Forwarded-For (TRUST_PROXY=1, or the proxy's own
 * address: here the test is the proxy, on 127.0.0.1), a client that writes its own X-Forwarded-For still
 * counts as the address the proxy saw.
 */
const settings: (number | string)[] = [1, '127.0.0.1/32'];
const cases = testDatabaseKinds().flatMap((kind) =>
  settings.map((trustProxy) => [kind, trustProxy] as const),
);

describe.each(cases)(
  'the client address behind a proxy on %s with TRUST_PROXY=%s',
  (kind, trustProxy) => {
    let handle: TestDatabase;
    let server: LocalServer;

    beforeAll(async () => {
      handle = await createTestDatabase(kind);
      server = await startLocalServer({
        db: handle.db,
        logger: recordingLogger(),
        adminEmail: TEST_ADMIN_EMAIL,
        trustProxy,
        rateLimits: {
          loginByClient: { points: 5, durationSeconds: 60 },
          registerByClient: { points: 3, durationSeconds: 60 },
        },
      });
    });
    afterAll(async () => {
      await server.stop();
      await handle.close();
    });

    /** What the proxy forwards: the client's own header, with the address the proxy saw appended. */
    const forwarded = (forged: string, real: string) => `${forged}, ${real}`;

    const post = (path: string, body: object, xff: string) =>
      fetch(`${server.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': xff },
        body: JSON.stringify(body),
      });

    it('counts failed sign-ins against the address the proxy saw, whatever the client writes', async () => {
      const real = '198.51.100.77';
      const statuses: number[] = [];
      for (let n = 1; n <= 7; n++) {
        const res = await post(
          '/api/login',
          { email: `nobody-${n}@example.com`, password: 'wrong-pass' },
          forwarded(`203.0.113.${n}`, real),
        );
        statuses.push(res.status);
        if (res.status === 429)
          expect(((await res.json()) as { message: string }).message).toBe(UI_TEXT.rateLimited);
      }
      expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429]);

      // Another client behind the same proxy is its own address.
      const other = await post(
        '/api/login',
        { email: 'nobody@example.com', password: 'wrong-pass' },
        forwarded('203.0.113.1', '198.51.100.78'),
      );
      expect(other.status, await other.text()).toBe(401);
    });

    it('counts registrations against the address the proxy saw', async () => {
      const real = '198.51.100.90';
      const statuses: number[] = [];
      for (let n = 1; n <= 4; n++) {
        const res = await post(
          '/api/register',
          {
            email: `proxy-${kind}-${String(trustProxy).replace(/\W/g, '')}-${n}@example.com`,
            password: 'proxy-pass-1',
            firstName: 'Pia',
            lastName: 'Roxy',
            termsAccepted: true,
          },
          forwarded(`203.0.113.${100 + n}`, real),
        );
        statuses.push(res.status);
      }
      expect(statuses).toEqual([200, 200, 200, 429]);
    });
  },
);
