import { afterAll, beforeAll, expect, it } from 'vitest';

import { until, within } from '@yardsale/api/testing';
import { inArray, listings, messages } from '@yardsale/db';
import { describeWithService } from '@yardsale/db/testing';

import { got, startProxyDeployment } from '../test/proxy-deployment';
import type { Account, ProxyDeployment } from '../test/proxy-deployment';

/**
 * Two processes of the built server behind nginx (test/proxy-deployment.ts), restarted together and
 * one killed mid-traffic. The figures it prints are the ones docs/deploy.md quotes.
 */
describeWithService('TEST_DATABASE_URL', 'two built instances behind nginx', () => {
  let deployment: ProxyDeployment;
  beforeAll(async () => {
    deployment = await startProxyDeployment();
  });
  afterAll(async () => {
    await deployment.stop();
  });

  it(
    'purges each ended listing exactly once when both instances run the job at the same moment',
    { timeout: 120_000 },
    async () => {
      const {
        direct,
        register,
        createListing,
        s3,
        database,
        instances,
        stopInstance,
        startInstances,
      } = deployment;
      const seller = await register(direct(0), 'Ola');
      const created: number[] = [];
      for (let n = 0; n < 12; n += 1)
        created.push((await createListing(direct(n % 2 === 0 ? 0 : 1), seller, `Ended ${n}`)).id);
      const before = await s3.listKeys();
      // A month past their end: the job removes them a week after (ENDED_LISTING_PURGE_DAYS).
      await database.db
        .update(listings)
        .set({ endsAt: new Date(Date.now() - 30 * 24 * 60 * 60 * 1000) })
        .where(inArray(listings.id, created));
      // The job runs when an instance starts: restart both together.
      await Promise.all([stopInstance(0), stopInstance(1)]);
      await startInstances([0, 1]);
      const removed = instances
        .flatMap((instance, i) => got(instance, `instance ${i}`).logLines())
        .filter((line) => line.msg === 'purged ended listings')
        .reduce((sum, line) => sum + (line.removed as number), 0);
      expect(removed).toBe(created.length);
      expect(
        await database.db
          .select({ id: listings.id })
          .from(listings)
          .where(inArray(listings.id, created)),
      ).toEqual([]);
      // Each listing had a card and a detail photo: both gone from the bucket, nothing else touched.
      const after = await s3.listKeys();
      expect(before.length - after.length).toBe(created.length * 2);
      expect(after.every((key) => before.includes(key))).toBe(true);
    },
  );

  it(
    'loses no acknowledged message when an instance dies mid-traffic, and its sockets come back through the proxy',
    { timeout: 120_000 },
    async () => {
      const {
        direct,
        send,
        register,
        createListing,
        liveClient,
        messageIds,
        nginx,
        database,
        stopInstance,
      } = deployment;
      const PAIRS = 6;
      const pairs: { seller: Account; buyer: Account; conversationId: number }[] = [];
      for (let n = 0; n < PAIRS; n += 1) {
        const seller = await register(direct(1), `Seller${n}`);
        const buyer = await register(direct(1), `Buyer${n}`);
        const { id: listingId } = await createListing(direct(1), seller, `Busy ${n}`);
        const conversation = await send(direct(1), 'POST', '/api/conversations', {
          body: { listingId },
          cookie: buyer.cookie,
          client: buyer.client,
        });
        pairs.push({ seller, buyer, conversationId: conversation.json.id as number });
      }
      // The sellers listen through the proxy, which spreads their sockets over both instances.
      const lives: ReturnType<typeof liveClient>[] = [];
      for (const pair of pairs) {
        const live = liveClient(nginx.url, pair.seller.cookie);
        await within(live.started, 10_000, 'a subscription through the proxy');
        lives.push(live);
      }
      try {
        const acked: { pair: number; id: number; content: string; at: number }[] = [];
        const failed: { pair: number; status: number | string }[] = [];
        let sending = true;
        // Sixty messages a minute per account is the limit: each buyer sends at most fifty, back to back.
        const SENDS_PER_BUYER = 50;
        const senders = pairs.map(async (pair, index) => {
          let n = 0;
          while (sending && n < SENDS_PER_BUYER) {
            n += 1;
            const content = `Busy ${index}/${n}`;
            const t0 = performance.now();
            try {
              const res = await send(
                nginx.url,
                'POST',
                `/api/conversations/${pair.conversationId}/messages`,
                {
                  body: { content },
                  cookie: pair.buyer.cookie,
                },
              );
              if (res.status === 200)
                acked.push({ pair: index, id: res.json.id as number, content, at: t0 });
              else failed.push({ pair: index, status: res.status });
            } catch (err) {
              failed.push({ pair: index, status: (err as Error).message });
            }
          }
        });
        /** Whether every buyer has had `count` messages acknowledged that they sent after `since`. */
        const eachAcked = (count: number, since: number) => () =>
          pairs.every((_, i) => acked.filter((a) => a.pair === i && a.at > since).length >= count);
        const tally = () =>
          `acknowledged per buyer ${JSON.stringify(pairs.map((_, i) => acked.filter((a) => a.pair === i).length))}, ${failed.length} refused`;
        // Traffic is flowing through both instances when one dies, and goes on through the other after.
        await until(
          eachAcked(3, 0),
          30_000,
          () => `3 messages per buyer before the kill: ${tally()}`,
        );
        const killedAt = performance.now();
        const ackedBeforeKill = acked.length;
        await stopInstance(0, 'SIGKILL');
        await until(
          eachAcked(3, killedAt),
          30_000,
          () => `3 messages per buyer after the kill: ${tally()}`,
        );
        sending = false;
        await Promise.all(senders);

        // Every acknowledged message is stored...
        const stored = await database.db
          .select({ id: messages.id, content: messages.content })
          .from(messages)
          .where(
            inArray(
              messages.id,
              acked.map((a) => a.id),
            ),
          );
        expect(stored.length).toBe(acked.length);
        // ...and reaches its reader live, the sockets on the dead instance included, after they reconnect.
        await until(
          () => acked.every((a) => messageIds(got(lives[a.pair], 'a socket')).has(a.id)),
          20_000,
          () =>
            `every acknowledged message to arrive; missing ${JSON.stringify(acked.filter((a) => !messageIds(got(lives[a.pair], 'a socket')).has(a.id)))}`,
        );
        const dropped = lives.filter((live) => live.closes.some((t) => t >= killedAt));
        // Round robin put some sockets on the instance that died: the case this test is about.
        expect(dropped.length).toBeGreaterThan(0);
        const reconnects = dropped.map((live) => {
          const reopened = live.opens.find((t) => t > killedAt);
          expect(reopened, 'a dropped socket reopens').toBeDefined();
          return got(reopened, 'a reopened socket') - killedAt;
        });
        expect(lives.every((live) => live.errors.length === 0)).toBe(true);
        const deliveries = acked.map((a) => {
          const arrived = got(lives[a.pair], 'a socket').events.find(
            ({ event }) => event.kind === 'message.created' && event.message.id === a.id,
          );
          return got(arrived, `message ${a.id} live`).at - a.at;
        });
        deliveries.sort((a, b) => a - b);
        console.log(
          `instance killed mid-traffic: ${acked.length} messages acknowledged (${ackedBeforeKill} before the kill), ` +
            `${stored.length} found stored, ${acked.length} delivered live; ${failed.length} sends refused or cut ` +
            `(${JSON.stringify(failed.map((f) => f.status))}); ${dropped.length} of ${lives.length} sockets were on the killed instance, ` +
            `reconnected after ${reconnects.map((t) => t.toFixed(0)).join(', ')} ms; ` +
            `send to arrival p50 ${got(deliveries[Math.floor(deliveries.length / 2)], 'a delivery').toFixed(1)} ms, max ${got(deliveries.at(-1), 'a delivery').toFixed(0)} ms`,
        );
      } finally {
        await Promise.all(lives.map((live) => live.close()));
      }
    },
  );
});
