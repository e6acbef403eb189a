import { strayFailureMessages } from '@abide/contracts';
import type { Logger as Pino } from 'pino';

let installed = false;

/**
 * Keeps a serving process alive when some code path lets a failure escape: by default Node stops the whole process on
 * an unhandled rejection, so one bad request (an oversized upload, issue #24) took every member's sign-in down with it.
 * Each escape is logged at `fatal` with the error, so it is found and fixed; lint (no-floating-promises) keeps new ones
 * out. Installed once per process, after the service listens: a failure while booting still stops it with the reason.
 *
 * `uncaughtException` also keeps serving, a deliberate choice against Node's advice to exit: here it comes from a
 * callback of one request, stream or client (an 'error' event nobody listened to), while the HTTP server, the database
 * pools and the Kafka consumer are unaffected and keep their own supervision. Exiting would drop every request in
 * flight on every replica the same input reaches; a process that is truly broken fails `/health/live` or `/health/ready`
 * and is restarted by its supervisor.
 */
export const installProcessGuards = (logger: Pino): void => {
  if (installed) return;
  installed = true;
  process.on('unhandledRejection', (reason) => {
    logger.fatal({ err: reason }, strayFailureMessages.rejection);
  });
  process.on('uncaughtException', (error, origin) => {
    logger.fatal({ err: error, origin }, strayFailureMessages.exception);
  });
};

/**
 * For main.ts: runs `main`, or prints why the service could not start and exits with status 1, so its supervisor
 * (npm start, compose, Kubernetes) sees the failure and starts it again. The guards above are not installed yet then.
 */
export const startOrExit = (service: string, main: () => Promise<unknown>): void => {
  main().catch((error: unknown) => {
    process.stderr.write(`${service} could not start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  });
};
