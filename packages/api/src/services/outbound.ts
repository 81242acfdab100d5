/*
 * Calls to hosts a user chose (push endpoints, and anything later of the kind): the name is resolved
 * once, every address it gave is checked, and the connection goes to the checked address (the name
 * kept for TLS and Host), so a name that answers differently the second time reaches nothing new.
 * Each call is bounded in time and in what it reads back, and its errors are its caller's alone.
 */
import { lookup } from 'node:dns/promises';
import type { LookupAddress } from 'node:dns';
import { request as httpsRequest } from 'node:https';
import type { Agent } from 'node:https';
import { BlockList, isIP } from 'node:net';
import type { IncomingHttpHeaders } from 'node:http';

/**
 * Address ranges a call may not reach, from IANA's IPv4 and IPv6 special-purpose address registries
 * (and the deprecated ranges they replaced): this machine, private and shared networks, link-local
 * (cloud metadata lives there), documentation, benchmarking, translation and tunnel prefixes that
 * can carry any of those, multicast and reserved space. IPv6 outside global unicast (2000::/3) is
 * refused as a whole, which covers ::/128, ::1, IPv4-compatible ::/96, 64:ff9b::/96 and
 * 64:ff9b:1::/48 (NAT64), 100::/64, fc00::/7, fec0::/10, fe80::/10 and ff00::/8.
 */
export const CLOSED_RANGES: readonly { range: string; why: string }[] = [
  { range: '0.0.0.0/8', why: 'this network' },
  { range: '10.0.0.0/8', why: 'private' },
  { range: '100.64.0.0/10', why: 'shared address space (CGNAT)' },
  { range: '127.0.0.0/8', why: 'loopback' },
  { range: '169.254.0.0/16', why: 'link-local' },
  { range: '172.16.0.0/12', why: 'private' },
  { range: '192.0.0.0/24', why: 'IETF protocol assignments' },
  { range: '192.0.2.0/24', why: 'documentation (TEST-NET-1)' },
  { range: '192.31.196.0/24', why: 'AS112' },
  { range: '192.52.193.0/24', why: 'AMT' },
  { range: '192.88.99.0/24', why: '6to4 relay anycast' },
  { range: '192.168.0.0/16', why: 'private' },
  { range: '192.175.48.0/24', why: 'AS112 direct delegation' },
  { range: '198.18.0.0/15', why: 'benchmarking' },
  { range: '198.51.100.0/24', why: 'documentation (TEST-NET-2)' },
  { range: '203.0.113.0/24', why: 'documentation (TEST-NET-3)' },
  { range: '224.0.0.0/4', why: 'multicast' },
  { range: '240.0.0.0/4', why: 'reserved, and the broadcast address' },
  { range: '2001::/23', why: 'IETF protocol assignments (Teredo, benchmarking, ORCHID)' },
  { range: '2001:db8::/32', why: 'documentation' },
  { range: '2002::/16', why: '6to4 (carries any IPv4 address)' },
  { range: '2620:4f:8000::/48', why: 'AS112' },
  { range: '3fff::/20', why: 'documentation' },
  { range: '5f00::/16', why: 'segment routing' },
];

const closed = new BlockList();
for (const { range } of CLOSED_RANGES) {
  const [net = '', prefix = ''] = range.split('/');
  closed.addSubnet(net, Number(prefix), net.includes(':') ? 'ipv6' : 'ipv4');
}
const globalUnicast = new BlockList();
globalUnicast.addSubnet('2000::', 3, 'ipv6');
const ipv4Mapped = new BlockList();
ipv4Mapped.addSubnet('::ffff:0:0', 96, 'ipv6');

/**
 * True only for an address a call may reach. An IPv4-mapped IPv6 address (::ffff:a.b.c.d) is judged
 * as the IPv4 address it carries; anything that is not an address is refused.
 */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return !closed.check(address, 'ipv4');
  if (family !== 6) return false;
  // BlockList reads a mapped address against the IPv4 rules.
  if (ipv4Mapped.check(address, 'ipv6')) return !closed.check(address, 'ipv6');
  return globalUnicast.check(address, 'ipv6') && !closed.check(address, 'ipv6');
}

export type Resolve = (host: string) => Promise<string[]>;

const resolveAll: Resolve = async (host) =>
  (await lookup(host, { all: true, order: 'verbatim' })).map((a) => a.address);

/** Where a call connects: the one address that was checked, and the name it was resolved from. */
export interface ConnectTarget {
  url: URL;
  address: string;
  family: 4 | 6;
}

/** Why a call was not made: the URL or every address it resolved to is not one we call. */
export class RefusedTargetError extends Error {
  constructor(readonly reason: 'not-https' | 'not-public' | 'unresolved') {
    super(
      reason === 'not-https'
        ? 'only https URLs without credentials are called'
        : reason === 'not-public'
          ? 'the host resolves to an address that is not public'
          : 'the host does not resolve',
    );
    this.name = 'RefusedTargetError';
  }
}

/** The URL, if it is one we call at all: https, without credentials. */
export function httpsUrl(endpoint: string): URL {
  if (!URL.canParse(endpoint)) throw new RefusedTargetError('not-https');
  const url = new URL(endpoint);
  if (url.protocol !== 'https:' || url.username || url.password) {
    throw new RefusedTargetError('not-https');
  }
  return url;
}

/**
 * Resolves the URL's host once and checks it: https only, no credentials in the URL and, where
 * `refusePrivate`, every address public (one closed address refuses the host: a name that can point
 * inside is not called at all). The answer is the address to connect to.
 */
export async function resolveTarget(
  endpoint: string,
  options: { refusePrivate: boolean; resolve?: Resolve },
): Promise<ConnectTarget> {
  const url = httpsUrl(endpoint);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: string[];
  if (isIP(host)) addresses = [host];
  else {
    try {
      addresses = await (options.resolve ?? resolveAll)(host);
    } catch {
      throw new RefusedTargetError('unresolved');
    }
  }
  const [first] = addresses;
  if (first === undefined || addresses.some((a) => isIP(a) === 0)) {
    throw new RefusedTargetError('unresolved');
  }
  if (options.refusePrivate && !addresses.every(isPublicAddress)) {
    throw new RefusedTargetError('not-public');
  }
  return { url, address: first, family: isIP(first) === 6 ? 6 : 4 };
}

/** Bounds of one call. */
export interface OutboundLimits {
  /** Until the connection (TLS included) is up. */
  connectTimeoutMs: number;
  /** For the whole exchange, from the first byte sent to the last one read. */
  totalTimeoutMs: number;
  /** Of the answer's body; the rest is never read (the connection is closed). */
  maxResponseBytes: number;
}

const DEFAULT_OUTBOUND_LIMITS: OutboundLimits = {
  connectTimeoutMs: 5_000,
  totalTimeoutMs: 10_000,
  maxResponseBytes: 4096,
};

interface OutboundResponse {
  status: number;
  headers: IncomingHttpHeaders;
  /** At most `maxResponseBytes` of it. */
  body: Buffer;
  /** The answer was longer than what was read. */
  truncated: boolean;
}

/** The call did not get an answer: `timeout` (connect or total), or the connection failed (`network`, `tls`). */
export class OutboundError extends Error {
  constructor(
    readonly reason: 'timeout' | 'network' | 'tls',
    message: string,
    readonly code?: string,
  ) {
    super(message);
    this.name = 'OutboundError';
  }
}

const TLS_CODES =
  /^(ERR_TLS_|ERR_SSL_|CERT_|UNABLE_TO_|DEPTH_ZERO_|SELF_SIGNED_|HOSTNAME_|ERR_OSSL_)/;

function failureOf(err: unknown): OutboundError {
  if (err instanceof OutboundError) return err;
  const code =
    typeof err === 'object' && err !== null && 'code' in err && typeof err.code === 'string'
      ? err.code
      : undefined;
  const message = err instanceof Error ? err.message : String(err);
  return new OutboundError(code && TLS_CODES.test(code) ? 'tls' : 'network', message, code);
}

/**
 * One HTTPS request to a checked target. Resolves with the status and at most `maxResponseBytes` of
 * the body once the answer ended or that much was read (then the connection is dropped); rejects with
 * OutboundError when the connection fails or a time limit passes. Never rejects with anything else,
 * and never leaves a listener that can throw after it settled.
 */
export function outboundRequest(
  target: ConnectTarget,
  request: {
    method: string;
    headers: Record<string, string | number>;
    body?: Buffer | string;
    /** Trusts another certificate authority (tests' own push service). */
    agent?: Agent;
  },
  limits: OutboundLimits = DEFAULT_OUTBOUND_LIMITS,
): Promise<OutboundResponse> {
  return new Promise((resolve, reject) => {
    let settled = false;
    const chunks: Buffer[] = [];
    let read = 0;
    const finish = (outcome: { ok: OutboundResponse } | { err: OutboundError }) => {
      if (settled) return;
      settled = true;
      clearTimeout(connectTimer);
      clearTimeout(totalTimer);
      // Whatever is still coming is not read: the socket goes, and with it the rest of the body.
      req.destroy();
      if ('ok' in outcome) resolve(outcome.ok);
      else reject(outcome.err);
    };
    const { url, address, family } = target;
    const host = url.hostname.replace(/^\[|\]$/g, '');
    const req = httpsRequest({
      host,
      port: url.port || 443,
      path: `${url.pathname}${url.search}`,
      method: request.method,
      headers: request.headers,
      ...(request.agent ? { agent: request.agent } : {}),
      // The checked address, whatever the name would resolve to now; TLS still checks the name.
      lookup: (_hostname, options, callback) => {
        if (options.all) {
          const all: LookupAddress[] = [{ address, family }];
          callback(null, all);
        } else callback(null, address, family);
      },
      ...(isIP(host) ? {} : { servername: host }),
    });
    const connectTimer = setTimeout(() => {
      finish({ err: new OutboundError('timeout', 'no connection within the time allowed') });
    }, limits.connectTimeoutMs);
    const totalTimer = setTimeout(() => {
      finish({ err: new OutboundError('timeout', 'no complete answer within the time allowed') });
    }, limits.totalTimeoutMs);
    connectTimer.unref();
    totalTimer.unref();
    req.on('socket', (socket) => {
      // A reused connection is up already.
      if (!socket.connecting) clearTimeout(connectTimer);
      socket.once('secureConnect', () => clearTimeout(connectTimer));
    });
    req.on('error', (err) => finish({ err: failureOf(err) }));
    req.on('response', (res) => {
      clearTimeout(connectTimer);
      const answer = (truncated: boolean): OutboundResponse => ({
        status: res.statusCode ?? 0,
        headers: res.headers,
        body: Buffer.concat(chunks),
        truncated,
      });
      res.on('data', (chunk: Buffer) => {
        if (settled) return;
        const room = limits.maxResponseBytes - read;
        if (chunk.length >= room) {
          chunks.push(chunk.subarray(0, room));
          read += room;
          finish({ ok: answer(true) });
          return;
        }
        chunks.push(chunk);
        read += chunk.length;
      });
      res.on('end', () => finish({ ok: answer(false) }));
      // Closed mid-answer: the status is known, but not what followed it.
      res.on('error', (err) => finish({ err: failureOf(err) }));
      res.on('close', () => {
        if (!res.complete) finish({ err: new OutboundError('network', 'the answer was cut off') });
      });
    });
    req.end(request.body);
  });
}
