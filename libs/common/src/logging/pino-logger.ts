import type { LoggerService } from '@nestjs/common';
import type { FastifyInstance } from 'fastify';
import pino, { type Logger } from 'pino';

/** Structured JSON logs on stdout; secrets in headers are never written. */
export function createAppLogger(level: string): Logger {
  return pino({ level, redact: ['req.headers.authorization', 'req.headers.cookie'] });
}

/** Nest's own messages (boot, routes, errors) through the same pino logger. */
export class PinoNestLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}

  log(message: unknown, context?: string) {
    this.logger.info({ context }, String(message));
  }
  error(message: unknown, stack?: string, context?: string) {
    this.logger.error({ context, stack }, String(message));
  }
  warn(message: unknown, context?: string) {
    this.logger.warn({ context }, String(message));
  }
  debug(message: unknown, context?: string) {
    this.logger.debug({ context }, String(message));
  }
  verbose(message: unknown, context?: string) {
    this.logger.trace({ context }, String(message));
  }
  fatal(message: unknown, context?: string) {
    this.logger.fatal({ context }, String(message));
  }
}

/**
 * One access-log line per request, written when the answer is sent. A plain Fastify hook rather
 * than an HTTP middleware: a middleware layer cost a measurable share of a trivial route.
 */
export function installAccessLog(fastify: FastifyInstance, logger: Logger): void {
  // Below info there is nothing to write, and the hook alone costs ~8% of a trivial route:
  // failures are still logged by the exception filter.
  if (!logger.isLevelEnabled('info')) return;
  fastify.addHook('onResponse', (request, reply, done) => {
    const url = request.url;
    if (url !== '/livez' && url !== '/healthz') {
      const line = {
        method: request.method,
        url,
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime),
        ip: request.ip,
      };
      if (reply.statusCode >= 500) logger.error(line, 'request failed');
      else logger.info(line, 'request');
    }
    done();
  });
}
