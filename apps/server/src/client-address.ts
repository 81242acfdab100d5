import type { IncomingMessage } from 'node:http';

import proxyAddr from '@fastify/proxy-addr';

type TrustFunction = (address: string, hop: number) => boolean;

/** Fastify's `trustProxy` setting: which hops may name the client in X-Forwarded-For. */
export type TrustProxy = boolean | number | string | string[] | TrustFunction;

/** Fastify's own reading of the setting (lib/request.js), so both transports agree on who is trusted. */
function trustFunction(trust: Exclude<TrustProxy, false>): TrustFunction {
  if (typeof trust === 'function') return trust;
  if (trust === true) return () => true;
  // Fastify trusts no hop for a bare count: it cannot tell a proxy from a client sending enough hops.
  if (typeof trust === 'number') return () => false;
  if (typeof trust === 'string') return proxyAddr.compile(trust.split(',').map((it) => it.trim()));
  return proxyAddr.compile(trust);
}

/**
 * Reads a raw request's client address exactly as Fastify's `request.ip` does with the same setting:
 * the websocket upgrade, which Fastify never sees, is limited per address like any HTTP request, and a
 * forged X-Forwarded-For counts only from a trusted proxy.
 */
export function clientAddressReader(trust: TrustProxy): (req: IncomingMessage) => string {
  if (!trust) return (req) => req.socket.remoteAddress ?? 'unknown';
  const trusted = trustFunction(trust);
  return (req) => proxyAddr.all(req, trusted).at(-1) ?? 'unknown';
}

/**
 * Whether a connection's own address is one of the trusted proxies: all of them for a count of proxies
 * (the port is reachable through them alone), those listed for a list, none without a proxy.
 */
export function proxyAddressMatcher(trust: TrustProxy): (address: string) => boolean {
  if (!trust) return () => false;
  if (typeof trust === 'number') return () => true;
  const trusted = trustFunction(trust);
  return (address) => trusted(address, 0);
}
