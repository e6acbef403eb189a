import { DynamicModule, Global, Inject, Logger, Module, OnApplicationShutdown } from '@nestjs/common';
import mongoose, { type Connection } from 'mongoose';
import { setTimeout as sleep } from 'node:timers/promises';
import type { HealthCheck } from '../health/health-check';
import { dbCommandsTotal } from '../metrics/instruments';
import { traceCommands } from './command-trace';

export const MONGO_CONNECTION = Symbol('MONGO_CONNECTION');

/**
 * A request fails fast when the database is away: the driver gives up selecting a server after this long and the
 * problem filter answers 503, well inside the gateway's upstream timeout, instead of mongoose buffering the call.
 */
export const MONGO_SERVER_SELECTION_TIMEOUT_MS = 3000;

const connectOptions = (dbName: string): mongoose.ConnectOptions => ({
  dbName,
  serverSelectionTimeoutMS: MONGO_SERVER_SELECTION_TIMEOUT_MS,
  bufferCommands: false,
  autoIndex: true,
  maxPoolSize: 20,
  // Every command the driver sends is counted (db_commands_total): the round trips a request costs, at any replica count.
  monitorCommands: true,
});

/**
 * The collection a command names (its first field's value: `{ find: 'habit_boards', … }`), or '' for a command on the
 * database (ping, hello). Names are the services' own, so the label's values are bounded.
 */
const collectionOf = (command: Record<string, unknown>, name: string): string => {
  const value = command[name];
  return typeof value === 'string' && value.length <= 80 ? value : '';
};

/** Counts each command the connection's driver client sends; databases reached with useDb share the client and its count. */
const countCommands = (connection: Connection): void => {
  connection
    .getClient()
    .on('commandStarted', (event) =>
      dbCommandsTotal.inc({ command: event.commandName, collection: collectionOf(event.command, event.commandName) }),
    );
};

// Mongoose keeps a stack trace of every query it runs, for the rare "query was already executed" error; building
// those traces took 3–4 % of a service's CPU under load (measured with the load suite's --cpu-profile).
mongoose.set('skipOriginalStackTraces', true);

/** Waits for the database at boot (it may start after the service), logging when it starts and stops waiting. */
export const connectWithRetry = async (url: string, dbName: string, logger: Logger): Promise<Connection> => {
  const started = Date.now();
  for (let attempt = 1; ; attempt++) {
    const connection = mongoose.createConnection(url, connectOptions(dbName));
    try {
      await connection.asPromise();
      countCommands(connection);
      traceCommands(connection.getClient(), dbName);
      if (attempt > 1) logger.log(`Connected to the database after ${Math.round((Date.now() - started) / 1000)} s`);
      return connection;
    } catch (error) {
      await connection.close().catch(() => undefined);
      if (attempt === 1) logger.warn(`Database not reachable yet (${(error as Error).message}); retrying until it is`);
      await sleep(Math.min(5000, 250 * 2 ** Math.min(attempt, 5)));
    }
  }
};

/** One mongoose connection per service, to the service's own database; the driver reconnects by itself after that. */
@Global()
@Module({})
export class DatabaseModule implements OnApplicationShutdown {
  constructor(@Inject(MONGO_CONNECTION) private readonly connection: Connection) {}

  static forRoot(url: string, dbName: string): DynamicModule {
    return {
      module: DatabaseModule,
      providers: [
        {
          provide: MONGO_CONNECTION,
          useFactory: (): Promise<Connection> => connectWithRetry(url, dbName, new Logger(DatabaseModule.name)),
        },
      ],
      exports: [MONGO_CONNECTION],
    };
  }

  async onApplicationShutdown(): Promise<void> {
    await this.connection.close();
  }
}

/** Every request reads or writes the database: without it the instance is not ready. */
export const mongoHealthCheck = (connection: Connection): HealthCheck => ({
  name: 'mongo',
  critical: true,
  check: async () => {
    await connection.db?.admin().ping();
  },
});
