import { ConfigError, loadConfig } from '@abide/platform';
import { libraryEnvSchema } from './env.schema';

// What a production library is given (deploy/k8s): engines with credentials, the object store's own keys.
const production = {
  NODE_ENV: 'production',
  PORT: '3003',
  MONGO_URL: 'mongodb://library:Zx8kQ2vLr9@mongodb:27017/?replicaSet=rs0',
  MONGO_DB: 'abide_library',
  KAFKA_BROKERS: 'kafka:9092',
  KAFKA_CLIENT_ID: 'abide-library',
  KAFKA_SASL_MECHANISM: 'scram-sha-512',
  KAFKA_SASL_USERNAME: 'library',
  KAFKA_SASL_PASSWORD: 'Vb7kQ2xLm9Tz4RwN',
  AUTH_JWKS_URL: 'http://identity:3001/.well-known/jwks.json',
  REDIS_URL: 'redis://:p4TqW9mNc2@redis:6379',
  S3_ENDPOINT: 'minio',
  S3_PORT: '9000',
  S3_ACCESS_KEY: 'abide-library',
  S3_SECRET_KEY: 'wJalrXUtnFEMI7K7MDENGbPxRfiCYEXAMPLEKEY',
};
const sut = (env: Record<string, string | undefined>) => () => loadConfig('library', libraryEnvSchema, env);

describe('libraryEnvSchema in production', () => {
  it('starts with the object store’s own keys', () => {
    expect(sut(production)().S3_SECRET_KEY).toBe(production.S3_SECRET_KEY);
  });

  it.each([
    ['the local engines’ MinIO password', { S3_SECRET_KEY: 'abide-dev-secret' }, /S3_SECRET_KEY is a development value/],
    ['the manifests’ placeholder', { S3_SECRET_KEY: 'replace-me-too' }, /S3_SECRET_KEY is a development value/],
    ['a database password of docker-compose.yml', { MONGO_URL: 'mongodb://abide:compose-mongo-password@mongodb:27017' }, /MONGO_URL holds a development password/],
  ])('refuses to start with %s, naming the variable', (_what, change, message) => {
    expect(sut({ ...production, ...change })).toThrow(ConfigError);
    expect(sut({ ...production, ...change })).toThrow(message);
  });
});
