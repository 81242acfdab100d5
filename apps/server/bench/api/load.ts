/** Sending a request of the benchmark: once to check it, then under load with autocannon. */
import autocannon from 'autocannon';

import type { RequestSpec } from './scenarios';
import type { Seeded } from './seed';

/** How long the requests autocannon left in flight are given to finish before the next run. */
const SETTLE_MS = 500;

function headersFor(spec: RequestSpec, origin: string, cookie: string): Record<string, string> {
  return {
    ...spec.headers,
    ...(spec.signedIn ? { cookie } : {}),
    ...(spec.method === 'POST' ? { 'content-type': 'application/json', origin } : {}),
  };
}

/** One request before the load: the answer must be a 200 with a body, or the numbers mean nothing. */
export async function check(origin: string, spec: RequestSpec, cookie: string) {
  const res = await fetch(`${origin}${spec.path}`, {
    method: spec.method,
    headers: headersFor(spec, origin, cookie),
    body: spec.body,
  });
  const body = await res.text();
  if (res.status !== 200)
    throw new Error(`${spec.method} ${spec.path}: HTTP ${res.status} ${body}`);
}

export interface Measurement {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  failures: number;
}

export async function load(
  origin: string,
  spec: RequestSpec,
  seeded: Seeded,
  connections: number,
  durationS: number,
): Promise<Measurement> {
  let turn = 0;
  const { perSender } = spec;
  const result = await autocannon({
    url: `${origin}${spec.path}`,
    method: spec.method,
    headers: headersFor(spec, origin, seeded.cookie),
    body: spec.body,
    connections,
    duration: durationS,
    ...(perSender
      ? {
          requests: [
            {
              setupRequest: (request: autocannon.Request) => {
                const sender = seeded.senders[turn++ % seeded.senders.length] ?? seeded.senders[0];
                if (!sender) return request;
                return {
                  ...request,
                  ...perSender(sender),
                  headers: headersFor(spec, origin, sender.cookie),
                };
              },
            },
          ],
        }
      : {}),
  });
  // autocannon drops its connections at the end with requests in flight; they finish before the next run.
  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
  return {
    requestsPerSecond: result.requests.total / durationS,
    p50: result.latency.p50,
    p99: result.latency.p99,
    failures: result.non2xx + result.errors + result.timeouts,
  };
}
