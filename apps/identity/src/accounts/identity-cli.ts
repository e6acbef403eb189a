import 'reflect-metadata';
import { kafkaConnection, kafkaEventTransport, MessagingModule } from '@abide/messaging';
import { Module, type Provider, type Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { EventSourcingModule } from '@abide/event-store';
import { DatabaseModule, loadConfigOrExit, MONGO_CONNECTION, portProvider } from '@abide/platform';
import { AccountQueries } from './account.queries';
import { Accounts, UserCommands } from './accounts.port';
import { UserEmailsProjection } from './projections/user-emails.projection';
import { UserProjection } from './projections/user.projection';
import { UserStream } from './user-stream.commands';
import { IDENTITY_CONFIG, type IdentityConfig, identityEnvSchema } from '../config/env.schema';

/**
 * An operator command of identity (`npm run roles`, `npm run two-factor`): the service's database and user stream,
 * without its HTTP server or consumers; `run` gets the command's provider and says what it did. A refusal or an
 * unknown account is a message on stderr and exit code 1.
 */
export const runIdentityCli = <T>(
  name: string,
  command: Type<T>,
  providers: Provider[],
  run: (command: T, config: IdentityConfig) => Promise<string>,
): void => {
  const main = async (): Promise<void> => {
    const config = loadConfigOrExit(`identity ${name}`, identityEnvSchema);

    @Module({
      imports: [
        DatabaseModule.forRoot(config.MONGO_URL, config.MONGO_DB),
        MessagingModule.forRoot({
          connection: MONGO_CONNECTION,
          kafka: { clientId: `${config.KAFKA_CLIENT_ID}-cli`, ...kafkaConnection(config) },
        }),
        EventSourcingModule.forRoot({
          service: 'identity',
          connection: MONGO_CONNECTION,
          transport: kafkaEventTransport,
          projections: [UserProjection],
        }),
      ],
      providers: [
        { provide: IDENTITY_CONFIG, useValue: config },
        UserStream,
        UserEmailsProjection,
        AccountQueries,
        portProvider(Accounts, AccountQueries),
        portProvider(UserCommands, UserStream),
        ...providers,
        command,
      ],
    })
    class IdentityCliModule {}

    const app = await NestFactory.createApplicationContext(IdentityCliModule, { logger: ['error', 'warn'] });
    try {
      process.stdout.write(`${await run(app.get(command), config)}\n`);
    } finally {
      await app.close();
    }
  };

  main().catch((error: Error) => {
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  });
};
