import { once } from 'node:events';
import http2 from 'node:http2';
import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';

import proxy from 'http2-proxy';
import { generate as generateCertificate } from 'selfsigned';

interface Edge {
  origin: string;
  close: () => void;
}

/**
 * HTTPS with HTTP/2 in front of the server, as a deployment's TLS proxy puts it: browsers fetch a
 * page's many small files over one connection instead of queueing them on six. Requests, and the
 * websocket, go on to the server as HTTP/1.1.
 */
export async function startEdge(
  port: number,
  target: { hostname: string; port: number },
): Promise<Edge> {
  const certificate = await generateCertificate([{ name: 'commonName', value: '127.0.0.1' }], {
    keyType: 'ec',
    algorithm: 'sha256',
    extensions: [{ name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] }],
  });
  const edge = http2.createSecureServer({
    key: certificate.private,
    cert: certificate.cert,
    // The websocket upgrade is an HTTP/1.1 request.
    allowHTTP1: true,
  });
  edge.on('request', (req, res) => {
    void proxy.web(req, res, target, (error: Error | null) => {
      if (error && !res.headersSent) res.writeHead(502).end();
    });
  });
  edge.on('upgrade', (req: IncomingMessage, socket: Socket, head: Buffer) => {
    void proxy.ws(req, socket, head, target, (error: Error | null) => {
      if (error) socket.destroy();
    });
  });
  edge.listen(port, '127.0.0.1');
  await once(edge, 'listening');
  return { origin: `https://127.0.0.1:${port}`, close: () => edge.close() };
}
