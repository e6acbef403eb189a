import { z } from 'zod';
import { kafkaSaslProblems, kafkaSaslProductionProblems } from './kafka-sasl-checks';
import { productionProblems } from './production-checks';

export class ConfigError extends Error {}

/**
 * Validates the environment once at boot into a typed object (read nowhere else).
 * Throws a ConfigError that names every missing or malformed variable, so a service can exit with a clear message.
 * In production it also refuses secrets that are missing, too short or published in this repository, and a blanket
 * proxy trust (production-checks.ts): a service that started with the development two-factor key would seal nothing.
 */
export const loadConfig = <T extends z.ZodTypeAny>(service: string, schema: T, env: NodeJS.ProcessEnv = process.env): z.infer<T> => {
  const parsed = schema.safeParse(env);
  const names = schema instanceof z.ZodObject ? Object.keys(schema.shape as z.ZodRawShape) : [];
  const mismatched = kafkaSaslProblems(names, env);
  if (parsed.success && mismatched.length > 0)
    throw new ConfigError(
      `${service}: configuration is incomplete:\n${mismatched.map((p) => `  - ${p}`).join('\n')}\n` +
        'Kafka sign-in: see deploy/README.md "Kafka".',
    );
  if (parsed.success) {
    const problems =
      (parsed.data as { NODE_ENV?: string }).NODE_ENV === 'production'
        ? [...productionProblems(names, env), ...kafkaSaslProductionProblems(names, env)]
        : [];
    if (problems.length === 0) return parsed.data;
    throw new ConfigError(
      `${service}: refusing to start in production with these settings:\n${problems.map((p) => `  - ${p}`).join('\n')}\n` +
        'Secrets come from your secret store, each its own random value (deploy/README.md "Secrets", "Client addresses").',
    );
  }
  const lines = parsed.error.issues.map((issue) => {
    const key = issue.path.join('.') || '(environment)';
    const value = env[key];
    const problem = value === undefined ? 'is not set' : `is invalid (${issue.message})`;
    return `  - ${key} ${problem}`;
  });
  throw new ConfigError(
    `${service}: configuration is incomplete:\n${lines.join('\n')}\n` +
      `Set them in the environment (see README.md "Configuration"); \`npm start\` sets every one for local runs.`,
  );
};

/** For main.ts: load the config or print the reason and exit with status 78 (EX_CONFIG). */
export const loadConfigOrExit = <T extends z.ZodTypeAny>(service: string, schema: T): z.infer<T> => {
  try {
    return loadConfig(service, schema);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(78);
    }
    throw error;
  }
};
