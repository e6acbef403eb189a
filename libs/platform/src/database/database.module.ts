import { DynamicModule, Global, Inject, Module, OnApplicationShutdown } from '@nestjs/common';
import mongoose, { type Connection } from 'mongoose';

export const MONGO_CONNECTION = Symbol('MONGO_CONNECTION');

/** One mongoose connection per service, to the service's own database. */
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
          useFactory: async (): Promise<Connection> =>
            mongoose
              .createConnection(url, { dbName, serverSelectionTimeoutMS: 10_000, autoIndex: true, maxPoolSize: 20 })
              .asPromise(),
        },
      ],
      exports: [MONGO_CONNECTION],
    };
  }

  async onApplicationShutdown(): Promise<void> {
    await this.connection.close();
  }
}

export const mongoHealthCheck = (connection: Connection) => ({
  name: 'mongo',
  check: async () => {
    await connection.db?.admin().ping();
  },
});
