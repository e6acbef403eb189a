import { Injectable, type LoggerService } from '@nestjs/common';
import { AsyncLocalStorage } from 'node:async_hooks';
import pino, { type DestinationStream, type Logger as Pino } from 'pino';

/** What every line written while a request is handled carries: `req: { id, method, url }`. */
export interface RequestLogContext {
  req: { id: string; method: string; url: string };
}

/**
 * The request being handled, set once per request by the Fastify adapter (bootstrapService). Lines read it when they
 * are written (pino's mixin), so a request costs one small object, not a child logger.
 */
export const requestContext = new AsyncLocalStorage<RequestLogContext>();

/** The id of the request whose handling is running now, if any. */
export const currentRequestId = (): string | undefined => requestContext.getStore()?.req.id;

let destination: DestinationStream | undefined;

/**
 * stdout, written asynchronously: a line is handed to the kernel without blocking the request, lines written while a
 * write is under way go out together, and whatever is left is flushed synchronously when the process exits.
 */
const stdout = (): DestinationStream => (destination ??= pino.destination({ dest: 1, sync: false }));

/** One JSON line per event: level, time, service, msg, and `req` inside a request. No pretty printing, no redaction pass. */
export const createLogger = (service: string, level: string, stream: DestinationStream = stdout()): Pino =>
  pino(
    {
      level,
      base: { service },
      // A fresh object: pino merges the call's fields into what the mixin returns.
      mixin: () => {
        const store = requestContext.getStore();
        return store ? { req: store.req } : {};
      },
    },
    stream,
  );

type Level = 'trace' | 'debug' | 'info' | 'warn' | 'error' | 'fatal';

/**
 * Nest's logger over pino, with the calling conventions of nestjs-pino's: `logger.warn({ err, id }, 'message')` logs
 * the object's fields and the message; a Nest `Logger('Context')` adds `context`; an Error becomes `err`.
 */
@Injectable()
export class AppLogger implements LoggerService {
  constructor(readonly pino: Pino) {}

  verbose(message: unknown, ...optionalParams: unknown[]): void {
    this.call('trace', message, optionalParams);
  }

  debug(message: unknown, ...optionalParams: unknown[]): void {
    this.call('debug', message, optionalParams);
  }

  log(message: unknown, ...optionalParams: unknown[]): void {
    this.call('info', message, optionalParams);
  }

  warn(message: unknown, ...optionalParams: unknown[]): void {
    this.call('warn', message, optionalParams);
  }

  error(message: unknown, ...optionalParams: unknown[]): void {
    this.call('error', message, optionalParams);
  }

  fatal(message: unknown, ...optionalParams: unknown[]): void {
    this.call('fatal', message, optionalParams);
  }

  private call(level: Level, message: unknown, optionalParams: unknown[]): void {
    if (!this.pino.isLevelEnabled(level)) return;
    const fields: Record<string, unknown> = {};
    let params = optionalParams;
    // Nest's Logger passes its context last.
    if (params.length) {
      fields.context = params[params.length - 1];
      params = params.slice(0, -1);
    }
    if (typeof message === 'object' && message !== null) {
      if (message instanceof Error) fields.err = message;
      else Object.assign(fields, message);
      this.pino[level](fields, ...(params as [string?]));
    } else if (level === 'error' && params.length === 1 && typeof params[0] === 'string' && /\n\s*at /.test(params[0])) {
      // Nest's own exception handlers call error(message, stack, context).
      const err = new Error(String(message));
      err.stack = params[0];
      this.pino.error({ ...fields, err });
    } else {
      this.pino[level](fields, String(message), ...params);
    }
  }
}
