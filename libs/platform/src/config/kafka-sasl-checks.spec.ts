import { z } from 'zod';
import { baseEnv, kafkaEnv } from './env-fragments';
import { ConfigError, loadConfig } from './load-config';

// A service's schema as far as Kafka goes, read the way every service reads its environment.
const schema = z.object({ ...baseEnv, ...kafkaEnv });
const signedIn = {
  PORT: '3001',
  KAFKA_BROKERS: 'kafka-0:9092,kafka-1:9092',
  KAFKA_CLIENT_ID: 'abide-identity',
  KAFKA_SASL_MECHANISM: 'scram-sha-512',
  KAFKA_SASL_USERNAME: 'identity',
  KAFKA_SASL_PASSWORD: 'Vb7kQ2xLm9Tz4RwN',
};
const sut = (env: Record<string, string | undefined>) => () => loadConfig('identity', schema, env);

describe('Kafka sign-in settings', () => {
  it('returns no credentials when none are given, as on the local engines', () => {
    const { PORT, KAFKA_BROKERS, KAFKA_CLIENT_ID } = signedIn;

    const config = sut({ PORT, KAFKA_BROKERS, KAFKA_CLIENT_ID })();

    expect([config.KAFKA_SASL_MECHANISM, config.KAFKA_SASL_USERNAME, config.KAFKA_SASL_PASSWORD, config.KAFKA_SSL]).toEqual([
      undefined,
      undefined,
      undefined,
      false,
    ]);
  });

  it('returns the mechanism, the user, the password and TLS when all are given', () => {
    expect(sut({ ...signedIn, KAFKA_SSL: 'true' })()).toMatchObject({
      KAFKA_SASL_MECHANISM: 'scram-sha-512',
      KAFKA_SASL_USERNAME: 'identity',
      KAFKA_SASL_PASSWORD: 'Vb7kQ2xLm9Tz4RwN',
      KAFKA_SSL: true,
    });
  });

  it('refuses a mechanism Kafka clients here cannot use', () => {
    expect(sut({ ...signedIn, KAFKA_SASL_MECHANISM: 'gssapi' })).toThrow(/KAFKA_SASL_MECHANISM is invalid/);
  });

  it.each(['KAFKA_SASL_USERNAME', 'KAFKA_SASL_PASSWORD'])('refuses to start when a mechanism is named without %s', (name) => {
    expect(sut({ ...signedIn, [name]: '' })).toThrow(ConfigError);
    expect(sut({ ...signedIn, [name]: undefined })).toThrow(
      new RegExp(
        `configuration is incomplete:\\n {2}- ${name} is not set \\(KAFKA_SASL_MECHANISM=scram-sha-512 signs in to Kafka with it\\)`,
      ),
    );
  });

  it('refuses credentials without a mechanism, which would otherwise be ignored', () => {
    expect(sut({ ...signedIn, KAFKA_SASL_MECHANISM: undefined })).toThrow(
      /KAFKA_SASL_MECHANISM is not set, so KAFKA_SASL_USERNAME and KAFKA_SASL_PASSWORD would be ignored/,
    );
  });

  describe('in production', () => {
    const production = { ...signedIn, NODE_ENV: 'production' };

    it('starts with a mechanism and a password of its own', () => {
      expect(sut(production)().KAFKA_SASL_USERNAME).toBe('identity');
    });

    it('refuses to start without signing in to Kafka', () => {
      const plaintext = { ...production, KAFKA_SASL_MECHANISM: undefined, KAFKA_SASL_USERNAME: undefined, KAFKA_SASL_PASSWORD: undefined };

      expect(sut(plaintext)).toThrow(/refusing to start in production[^]*KAFKA_SASL_MECHANISM is not set: production signs in to Kafka/);
    });

    it('starts without signing in when KAFKA_ALLOW_PLAINTEXT=true says so explicitly', () => {
      expect(
        sut({ ...production, KAFKA_SASL_MECHANISM: '', KAFKA_SASL_USERNAME: '', KAFKA_SASL_PASSWORD: '', KAFKA_ALLOW_PLAINTEXT: 'true' })()
          .KAFKA_SASL_MECHANISM,
      ).toBeUndefined();
    });

    it.each([
      ['compose-kafka-identity-password', /KAFKA_SASL_PASSWORD is a development value published in this repository/],
      ['replace-me-with-its-password', /KAFKA_SASL_PASSWORD is a development value published in this repository/],
      ['short-secret', /KAFKA_SASL_PASSWORD is too short: production needs at least 16 random characters/],
    ])('refuses the Kafka password %s', (password, message) => {
      expect(sut({ ...production, KAFKA_SASL_PASSWORD: password })).toThrow(message);
    });

    it('keeps a published Kafka password outside production (docker-compose.yml runs on them)', () => {
      expect(sut({ ...signedIn, KAFKA_SASL_PASSWORD: 'compose-kafka-identity-password' })().KAFKA_SASL_PASSWORD).toBe(
        'compose-kafka-identity-password',
      );
    });
  });
});
