import type { Server } from 'node:http';

/**
 * Open connections one client address may hold on this server. A household's browsers use a few
 * dozen at most; a flood of half-open requests from one address is cut here instead of using up the
 * process's file descriptors. Behind a proxy the proxy holds every connection, so it caps per client
 * instead (deploy/nginx/yardsale.conf: limit_conn and client_header_timeout).
 */
export const CONNECTIONS_PER_ADDRESS = 256;

/** A request's headers must have arrived within this (Node's default is a minute). */
export const HEADERS_TIMEOUT_MS = 20_000;

/**
 * Closes, as soon as it opens, a connection that would take an address past `perAddress` open
 * connections; `exempt` addresses (trusted proxies) are not counted.
 */
export function capConnectionsPerAddress(
  server: Server,
  options: { perAddress: number; exempt: (address: string) => boolean; onRefused: () => void },
): void {
  const open = new Map<string, number>();
  server.on('connection', (socket) => {
    const address = socket.remoteAddress;
    if (address === undefined || options.exempt(address)) return;
    const count = (open.get(address) ?? 0) + 1;
    if (count > options.perAddress) {
      socket.destroy();
      options.onRefused();
      return;
    }
    open.set(address, count);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
  });
}
