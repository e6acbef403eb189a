import 'reflect-metadata';
import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { EventSourcingModule } from '@abide/event-store';
import { DatabaseModule, loadConfigOrExit, MONGO_CONNECTION } from '@abide/platform';
import { userInfo } from 'node:os';
import { UserProjection } from '../accounts/projections/user.projection';
import { UserStream } from '../accounts/user-stream';
import { identityEnvSchema } from '../config/env.schema';
import { ChangeRole, parseRoleChange } from './change-role';

/** Operator command: `npm run roles -- grant moderator someone@example.com` (or `revoke`). */
const main = async (): Promise<void> => {
  const config = loadConfigOrExit('identity roles', identityEnvSchema);
  const change = parseRoleChange(process.argv.slice(2), `operator:${userInfo().username}`);

  @Module({
    imports: [
      DatabaseModule.forRoot(config.MONGO_URL, config.MONGO_DB),
      EventSourcingModule.forRoot({
        service: 'identity',
        connection: MONGO_CONNECTION,
        kafka: { clientId: `${config.KAFKA_CLIENT_ID}-cli`, brokers: config.KAFKA_BROKERS },
        projections: [UserProjection],
      }),
    ],
    providers: [UserStream, ChangeRole],
  })
  class RolesCliModule {}

  const app = await NestFactory.createApplicationContext(RolesCliModule, { logger: ['error', 'warn'] });
  try {
    const roles = await app.get(ChangeRole).execute(change);
    process.stdout.write(`${change.email} now has the roles: ${roles.join(', ')} (effective at their next token refresh)\n`);
  } finally {
    await app.close();
  }
};

main().catch((error: Error) => {
  process.stderr.write(`${error.message}\n`);
  process.exit(1);
});
