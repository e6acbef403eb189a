import { ConfigError, loadConfig } from '@abide/platform';
import { identityEnvSchema } from './env.schema';

// What a production identity is given (deploy/k8s): engines with credentials, its own random secrets.
const production = {
  NODE_ENV: 'production',
  PORT: '3001',
  MONGO_URL: 'mongodb://identity:Zx8kQ2vLr9@mongodb:27017/?replicaSet=rs0',
  MONGO_DB: 'abide_identity',
  KAFKA_BROKERS: 'kafka:9092',
  KAFKA_CLIENT_ID: 'abide-identity',
  KAFKA_SASL_MECHANISM: 'scram-sha-512',
  KAFKA_SASL_USERNAME: 'identity',
  KAFKA_SASL_PASSWORD: 'Vb7kQ2xLm9Tz4RwN',
  AUTH_JWKS_URL: 'http://identity:3001/.well-known/jwks.json',
  REDIS_URL: 'redis://:p4TqW9mNc2@redis:6379',
  SMTP_HOST: 'smtp.example.org',
  SMTP_PORT: '587',
  WEB_BASE_URL: 'https://abide.example.org',
  FORMATION_URL: 'http://formation:3002',
  LIBRARY_URL: 'http://library:3003',
  COMMUNITY_URL: 'http://community:3004',
  SMS_API_URL: 'https://api.twilio.com',
  SMS_ACCOUNT_SID: 'AC0123456789abcdef0123456789abcdef',
  SMS_AUTH_TOKEN: '6f1d2c3b4a5e6f708192a3b4c5d6e7f8',
  SMS_FROM: '+15005550006',
  SMS_WEBHOOK_URL: 'https://abide.example.org/api/sms/inbound',
  TWO_FACTOR_SECRET_KEY: 'Qm9vdHN0cmFwLXRoaXMtaXMtcmFuZG9tLTQ4LWJ5dGVz',
};
const sut = (env: Record<string, string | undefined>) => () => loadConfig('identity', identityEnvSchema, env);

describe('identityEnvSchema in production', () => {
  it('starts with secrets of its own', () => {
    expect(sut(production)()).toMatchObject({ NODE_ENV: 'production', TWO_FACTOR_SECRET_KEY: production.TWO_FACTOR_SECRET_KEY });
  });

  it.each([
    ['missing', undefined, /TWO_FACTOR_SECRET_KEY is not set/],
    ['the development default', 'dev-only-two-factor-key-change-me-0123456789', /TWO_FACTOR_SECRET_KEY is a development value/],
    ['the manifests’ placeholder', 'replace-me-with-32-random-bytes-base64', /TWO_FACTOR_SECRET_KEY is a development value/],
  ])('refuses to start when the two-factor key is %s, naming the variable', (_what, value, message) => {
    expect(sut({ ...production, TWO_FACTOR_SECRET_KEY: value })).toThrow(ConfigError);
    expect(sut({ ...production, TWO_FACTOR_SECRET_KEY: value })).toThrow(message);
  });

  it('refuses the Twilio token of docker-compose.yml and an engine password published in the repository', () => {
    const env = { ...production, SMS_AUTH_TOKEN: 'compose-sms-auth-token', REDIS_URL: 'redis://:compose-redis-password@redis:6379' };

    expect(sut(env)).toThrow(/SMS_AUTH_TOKEN is a development value/);
    expect(sut(env)).toThrow(/REDIS_URL holds a development password/);
  });

  it('keeps the development defaults outside production', () => {
    const { TWO_FACTOR_SECRET_KEY: _key, ...rest } = production;

    expect(sut({ ...rest, NODE_ENV: 'test' })().TWO_FACTOR_SECRET_KEY).toBe('dev-only-two-factor-key-change-me-0123456789');
  });
});
