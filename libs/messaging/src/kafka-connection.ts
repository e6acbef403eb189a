import type { SASLOptions } from 'kafkajs';

/** How a kafkajs client reaches and signs in to the brokers: every client of the project is built from one of these. */
export interface KafkaConnection {
  brokers: string[];
  /** Absent on a broker without authentication (the local engines). */
  sasl?: SASLOptions;
  /** TLS to the brokers, with the system's certificate authorities. */
  ssl?: boolean;
}

/** The Kafka part of a validated configuration (libs/platform `kafkaEnv`). */
export interface KafkaConnectionSettings {
  KAFKA_BROKERS: string[];
  KAFKA_SASL_MECHANISM?: 'plain' | 'scram-sha-256' | 'scram-sha-512';
  KAFKA_SASL_USERNAME?: string;
  KAFKA_SASL_PASSWORD?: string;
  KAFKA_SSL?: boolean;
}

/**
 * The one place settings become kafkajs client options; callers spread the result next to their clientId, so a
 * service's publisher, consumer, admin clients and topic step all sign in the same way.
 */
export const kafkaConnection = (settings: KafkaConnectionSettings): KafkaConnection => {
  const { KAFKA_SASL_MECHANISM: mechanism, KAFKA_SASL_USERNAME: username, KAFKA_SASL_PASSWORD: password } = settings;
  // loadConfig already refuses this; a caller building settings by hand gets the same answer rather than an anonymous client.
  if (mechanism && (!username || !password))
    throw new Error(`KAFKA_SASL_MECHANISM=${mechanism} needs KAFKA_SASL_USERNAME and KAFKA_SASL_PASSWORD`);
  return {
    brokers: settings.KAFKA_BROKERS,
    ...(mechanism && username && password ? { sasl: { mechanism, username, password } as SASLOptions } : {}),
    ...(settings.KAFKA_SSL ? { ssl: true } : {}),
  };
};

/** The connection's part of a `new Kafka({...})`, picked from options that carry more (clientId, groupId, …). */
export const kafkaClientOptions = ({ brokers, sasl, ssl }: KafkaConnection) => ({ brokers, sasl, ssl });
