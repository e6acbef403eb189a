import { ConfigError, loadConfig } from '@abide/platform';
import { gatewayEnvSchema } from './env.schema';

// What a production gateway is given (deploy/k8s): Redis with its own user, the services, the proxies in front of it.
const production = {
  NODE_ENV: 'production',
  PORT: '3000',
  AUTH_JWKS_URL: 'http://identity:3001/.well-known/jwks.json',
  REDIS_URL: 'redis://gateway:p4TqW9mNc2@redis:6379',
  KAFKA_BROKERS: 'kafka:9092',
  KAFKA_CLIENT_ID: 'abide-gateway',
  KAFKA_SASL_MECHANISM: 'scram-sha-512',
  KAFKA_SASL_USERNAME: 'gateway',
  KAFKA_SASL_PASSWORD: 'Vb7kQ2xLm9Tz4RwN',
  IDENTITY_URL: 'http://identity:3001',
  FORMATION_URL: 'http://formation:3002',
  LIBRARY_URL: 'http://library:3003',
  COMMUNITY_URL: 'http://community:3004',
  TRUST_PROXY: '2',
};
const sut = (env: Record<string, string | undefined>) => () => loadConfig('gateway', gatewayEnvSchema, env);

describe('gatewayEnvSchema in production', () => {
  it('believes X-Forwarded-For from the number of proxies in front of it, or from their own addresses', () => {
    expect(sut(production)().TRUST_PROXY).toBe(2);
    expect(sut({ ...production, TRUST_PROXY: '10.2.0.0/24,10.2.1.7' })().TRUST_PROXY).toBe('10.2.0.0/24,10.2.1.7');
  });

  it.each(['true', 'uniquelocal', 'loopback,uniquelocal', 'linklocal', '10.0.0.0/8', '127.0.0.1, 172.16.0.0/12', '0.0.0.0/0'])(
    'refuses to start when TRUST_PROXY is %s, which lets anyone in the network choose their address',
    (trust) => {
      expect(sut({ ...production, TRUST_PROXY: trust })).toThrow(ConfigError);
      expect(sut({ ...production, TRUST_PROXY: trust })).toThrow(/TRUST_PROXY trusts every peer or every private address/);
    },
  );

  it('keeps trusting the local proxies outside production', () => {
    expect(sut({ ...production, NODE_ENV: 'development', TRUST_PROXY: 'loopback,uniquelocal' })().TRUST_PROXY).toBe('loopback,uniquelocal');
  });
});

describe("gatewayEnvSchema's service addresses", () => {
  it('take one URL or several instances of a service, comma-separated', () => {
    const config = sut({ ...production, FORMATION_URL: 'http://formation-0:3002, http://formation-1:3002,' })();
    expect(config.FORMATION_URL).toEqual(['http://formation-0:3002', 'http://formation-1:3002']);
    expect(config.IDENTITY_URL).toEqual(['http://identity:3001']);
  });

  it('refuse a list with an address that is not a URL, or none at all', () => {
    expect(sut({ ...production, LIBRARY_URL: 'http://library:3003,library-1' })).toThrow(/LIBRARY_URL/);
    expect(sut({ ...production, LIBRARY_URL: ' , ' })).toThrow(/LIBRARY_URL/);
  });
});
