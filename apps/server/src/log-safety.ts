import type { FastifyServerOptions } from 'fastify';

import { errorForLog } from '@yardsale/api';

/** Keeps each query parameter's name, never its value: a link may carry a token or an e-mail. */
function urlForLog(url: string): string {
  const at = url.indexOf('?');
  if (at === -1) return url;
  const query = url
    .slice(at + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      return eq === -1 ? pair : `${pair.slice(0, eq)}=[redacted]`;
    })
    .join('&');
  return `${url.slice(0, at)}?${query}`;
}

/** Any `?name=value` or `&name=value` written into a log line's text, e.g. a URL in a framework's message. */
function scrubQueryValues(text: string): string {
  return text.replace(/([?&][^=&\s#?]+)=[^&\s#]*/g, '$1=[redacted]');
}

/** Fastify's logger options: its own and pino's. */
type SafeLoggerOptions = Exclude<NonNullable<FastifyServerOptions['logger']>, boolean>;

/**
 * The server's logger: never a password, its hash, a session token or a cookie. Errors lose the
 * parameters database drivers attach; requests are logged by method and path with query values redacted;
 * headers that carry credentials are censored wherever they are logged.
 */
export function safeLoggerOptions(
  level: string,
  stream?: SafeLoggerOptions['stream'],
): SafeLoggerOptions {
  const options: SafeLoggerOptions = {
    level,
    redact: {
      paths: [
        'req.headers.cookie',
        'req.headers.authorization',
        'headers.cookie',
        'headers.authorization',
        'res.headers["set-cookie"]',
        'password',
        '*.password',
        'passwordHash',
        '*.passwordHash',
      ],
      censor: '[redacted]',
    },
    serializers: {
      req: (req) => ({
        method: req.method,
        url: urlForLog(req.url),
        host: req.host,
        remoteAddress: req.ip,
        remotePort: req.socket.remotePort,
      }),
      err: (err) => {
        const logged = errorForLog(err);
        return { ...logged, stack: logged.stack ?? '' };
      },
    },
    hooks: {
      // Messages are free text: a framework may write a request's URL into one.
      logMethod(args, method) {
        method.apply(
          this,
          args.map((arg: unknown) =>
            typeof arg === 'string' ? scrubQueryValues(arg) : arg,
          ) as Parameters<typeof method>,
        );
      },
    },
  };
  if (stream) options.stream = stream;
  return options;
}

/**
 * Log lines for a person at a terminal (development): coloured, one line each, by pino-pretty, loaded
 * only then. Production and tests keep JSON lines, which log collectors and the tests read.
 */
export async function prettyLogStream(): Promise<NodeJS.WritableStream> {
  const { default: pretty } = await import('pino-pretty');
  return pretty({ translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname' });
}
