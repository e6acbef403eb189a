import { ConfigError, loadConfig } from '@abide/platform';
import { formationEnvSchema } from './env.schema';

// What a production formation is given (deploy/k8s): engines with credentials, its own random secrets.
const production = {
  NODE_ENV: 'production',
  PORT: '3002',
  MONGO_URL: 'mongodb://formation:Zx8kQ2vLr9@mongodb:27017/?replicaSet=rs0',
  MONGO_DB: 'abide_formation',
  KAFKA_BROKERS: 'kafka:9092',
  KAFKA_CLIENT_ID: 'abide-formation',
  KAFKA_SASL_MECHANISM: 'scram-sha-512',
  KAFKA_SASL_USERNAME: 'formation',
  KAFKA_SASL_PASSWORD: 'Vb7kQ2xLm9Tz4RwN',
  AUTH_JWKS_URL: 'http://identity:3001/.well-known/jwks.json',
  MASTER_KEY_FILE: '/etc/abide/keys/master.key',
  REDIS_URL: 'redis://:p4TqW9mNc2@redis:6379',
  SMTP_HOST: 'smtp.example.org',
  SMTP_PORT: '587',
  SMS_API_URL: 'https://api.twilio.com',
  SMS_ACCOUNT_SID: 'AC0123456789abcdef0123456789abcdef',
  SMS_AUTH_TOKEN: '6f1d2c3b4a5e6f708192a3b4c5d6e7f8',
  SMS_FROM: '+15005550006',
  NUDGE_UNSUBSCRIBE_SECRET: 'n7Jq2Vx9Lk4Pz8Rw3Ts6Ym1Bc5Hd0Gf2',
};
const sut = (env: Record<string, string | undefined>) => () => loadConfig('formation', formationEnvSchema, env);

describe('formationEnvSchema in production', () => {
  it('starts with secrets of its own', () => {
    expect(sut(production)().NUDGE_UNSUBSCRIBE_SECRET).toBe(production.NUDGE_UNSUBSCRIBE_SECRET);
  });

  it.each([
    ['missing', undefined, /NUDGE_UNSUBSCRIBE_SECRET is not set/],
    ['the development default', 'dev-only-unsubscribe-secret-change-me', /NUDGE_UNSUBSCRIBE_SECRET is a development value/],
    ['the manifests’ placeholder', 'replace-me-with-32-random-bytes', /NUDGE_UNSUBSCRIBE_SECRET is a development value/],
    ['too short', 'sixteen-chars-ok', /NUDGE_UNSUBSCRIBE_SECRET is too short/],
  ])('refuses to start when the unsubscribe secret is %s, naming the variable', (_what, value, message) => {
    expect(sut({ ...production, NUDGE_UNSUBSCRIBE_SECRET: value })).toThrow(ConfigError);
    expect(sut({ ...production, NUDGE_UNSUBSCRIBE_SECRET: value })).toThrow(message);
  });

  it('keeps the development default outside production', () => {
    expect(sut({ ...production, NODE_ENV: 'development', NUDGE_UNSUBSCRIBE_SECRET: undefined })().NUDGE_UNSUBSCRIBE_SECRET).toBe(
      'dev-only-unsubscribe-secret-change-me',
    );
  });
});
