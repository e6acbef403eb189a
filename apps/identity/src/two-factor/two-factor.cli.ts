import 'reflect-metadata';
import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { EventSourcingModule } from '@abide/event-store';
import { DatabaseModule, loadConfigOrExit, MONGO_CONNECTION } from '@abide/platform';
import { userInfo } from 'node:os';
import { UserProjection } from '../accounts/projections/user.projection';
import { UserStream } from '../accounts/user-stream';
import { IDENTITY_CONFIG, identityEnvSchema } from '../config/env.schema';
import { parseTwoFactorReset, ResetTwoFactor } from './reset-two-factor';
import { TwoFactorSecrets } from './two-factor-secrets.repository';

/** Operator command: `npm run two-factor -- reset someone@example.com` (a member who lost their phone and recovery codes). */
const main = async (): Promise<void> => {
  const config = loadConfigOrExit('identity two-factor', identityEnvSchema);
  const email = parseTwoFactorReset(process.argv.slice(2));

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
    providers: [{ provide: IDENTITY_CONFIG, useValue: config }, UserStream, TwoFactorSecrets, ResetTwoFactor],
  })
  class TwoFactorCliModule {}

  const app = await NestFactory.createApplicationContext(TwoFactorCliModule, { logger: ['error', 'warn'] });
  try {
    const wasOn = await app.get(ResetTwoFactor).execute(email, userInfo().username);
    process.stdout.write(
      wasOn
        ? `${email}: two-factor sign-in is off and its secret deleted; the password signs in again (a moderator or admin must turn it on again)\n`
        : `${email}: two-factor sign-in was not on\n`,
    );
  } finally {
    await app.close();
  }
};

main().catch((error: Error) => {
  process.stderr.write(`${error.message}\n`);
  process.exit(1);
});
