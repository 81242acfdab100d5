import type { FastifyReply, FastifyRequest } from 'fastify';

import type { RequestInfo } from '@yardsale/api';

export function requestInfo(req: FastifyRequest, reply: FastifyReply): RequestInfo {
  return {
    cookieHeader: req.headers.cookie,
    clientIp: req.ip,
    setHeader: (name, value) => {
      reply.header(name, value);
    },
  };
}
