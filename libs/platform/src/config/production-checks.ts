/**
 * The secrets a service must be given in production, with the shortest value accepted there. Outside production they
 * may be left to the schema's development default (or to the local engines' credentials).
 */
export const productionSecrets: Readonly<Record<string, { minLength: number }>> = {
  TWO_FACTOR_SECRET_KEY: { minLength: 32 },
  NUDGE_UNSUBSCRIBE_SECRET: { minLength: 32 },
  SMS_AUTH_TOKEN: { minLength: 32 },
  S3_SECRET_KEY: { minLength: 16 },
};

/** Engine URLs whose password, when they carry one, must not be a published value either. */
const credentialUrls = ['MONGO_URL', 'REDIS_URL'];

/**
 * Every secret value this repository publishes: the schemas' development defaults, the local engines' and
 * docker-compose.yml's credentials, and the Kubernetes base's placeholders (any value starting `replace-me`).
 * Whoever reads the repository knows them, so a production service given one would be open to anyone.
 */
export const developmentSecretValues: ReadonlySet<string> = new Set([
  'dev-only-two-factor-key-change-me-0123456789',
  'dev-only-unsubscribe-secret-change-me',
  'abide-dev-secret',
  'compose-sms-auth-token',
  'compose-minio-secret',
  'compose-mongo-password',
  'compose-redis-password',
  // docker-compose.yml's Kafka users (the broker's own, the topic step's and each service's).
  'compose-kafka-broker-password',
  'compose-kafka-topics-password',
  'compose-kafka-identity-password',
  'compose-kafka-formation-password',
  'compose-kafka-library-password',
  'compose-kafka-community-password',
  'compose-kafka-gateway-password',
]);
export const isPublishedSecret = (value: string) => developmentSecretValues.has(value) || /^replace-me/i.test(value);
const isPublished = isPublishedSecret;

const passwordOf = (url: string): string | undefined => {
  try {
    return decodeURIComponent(new URL(url).password) || undefined;
  } catch {
    return undefined;
  }
};

/**
 * `X-Forwarded-For` believed from every peer, every private address or a range wider than /16: anyone who reaches the
 * gateway (any pod, any container of the network) then writes their own client address, and so their rate-limit allowance.
 */
const isBlanketTrust = (value: string): boolean =>
  value.trim().toLowerCase() === 'true' ||
  value.split(',').some((entry) => /^(uniquelocal|linklocal)$|\/([0-9]|1[0-5])$/i.test(entry.trim()));

/**
 * What is wrong, for production, with the settings among `names` (the variables of one service's schema): secrets
 * missing, too short or published, and a blanket proxy trust. One line each, naming the variable; empty when nothing is.
 */
export const productionProblems = (names: readonly string[], env: NodeJS.ProcessEnv): string[] => {
  const problems: string[] = [];
  if (names.includes('TRUST_PROXY') && isBlanketTrust(env.TRUST_PROXY ?? ''))
    problems.push(
      'TRUST_PROXY trusts every peer or every private address: give the number of proxies in front of the gateway (deploy/README.md "Client addresses")',
    );
  for (const name of names) {
    const rule = productionSecrets[name];
    const value = env[name];
    if (rule) {
      if (!value) problems.push(`${name} is not set: production needs its own secret (at least ${rule.minLength} random characters)`);
      else if (isPublished(value)) problems.push(`${name} is a development value published in this repository: set a secret of your own`);
      else if (value.length < rule.minLength)
        problems.push(`${name} is too short: production needs at least ${rule.minLength} random characters`);
    } else if (credentialUrls.includes(name) && value) {
      const password = passwordOf(value);
      if (password && isPublished(password))
        problems.push(`${name} holds a development password published in this repository: set a password of your own`);
    }
  }
  return problems;
};
