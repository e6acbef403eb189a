import { isPublishedSecret } from './production-checks';

const MIN_PASSWORD_LENGTH = 16;

/**
 * The Kafka sign-in settings (env-fragments.ts `kafkaSecurityEnv`) go together, in every environment: a mechanism
 * without its username or password would connect anonymously and be refused by the broker with a puzzling error, and
 * credentials without a mechanism would be silently ignored. One line each, naming the variable.
 */
export const kafkaSaslProblems = (names: readonly string[], env: NodeJS.ProcessEnv): string[] => {
  if (!names.includes('KAFKA_SASL_MECHANISM')) return [];
  const mechanism = env.KAFKA_SASL_MECHANISM;
  const given = (['KAFKA_SASL_USERNAME', 'KAFKA_SASL_PASSWORD'] as const).filter((name) => env[name]);
  if (mechanism)
    return (['KAFKA_SASL_USERNAME', 'KAFKA_SASL_PASSWORD'] as const)
      .filter((name) => !env[name])
      .map((name) => `${name} is not set (KAFKA_SASL_MECHANISM=${mechanism} signs in to Kafka with it)`);
  return given.length > 0
    ? [
        `KAFKA_SASL_MECHANISM is not set, so ${given.join(' and ')} would be ignored: name the mechanism (scram-sha-512, scram-sha-256 or plain)`,
      ]
    : [];
};

/**
 * In production the brokers are signed in to, with a password of our own: a broker open to anyone on the network lets
 * them read every member's events and write forged ones. KAFKA_ALLOW_PLAINTEXT=true is the explicit way out, for
 * brokers reached only through something that authenticates already (deploy/README.md "Kafka").
 */
export const kafkaSaslProductionProblems = (names: readonly string[], env: NodeJS.ProcessEnv): string[] => {
  if (!names.includes('KAFKA_SASL_MECHANISM')) return [];
  const password = env.KAFKA_SASL_PASSWORD;
  if (!env.KAFKA_SASL_MECHANISM)
    return env.KAFKA_ALLOW_PLAINTEXT === 'true'
      ? []
      : [
          'KAFKA_SASL_MECHANISM is not set: production signs in to Kafka (scram-sha-512 with KAFKA_SASL_USERNAME and KAFKA_SASL_PASSWORD), or says KAFKA_ALLOW_PLAINTEXT=true',
        ];
  if (password && isPublishedSecret(password))
    return ['KAFKA_SASL_PASSWORD is a development value published in this repository: set a secret of your own'];
  if (password && password.length < MIN_PASSWORD_LENGTH)
    return [`KAFKA_SASL_PASSWORD is too short: production needs at least ${MIN_PASSWORD_LENGTH} random characters`];
  return [];
};
