import { kafkaConnection } from './kafka-connection';

describe(kafkaConnection.name, () => {
  const brokers = ['kafka-0:9092', 'kafka-1:9092'];

  it('returns the brokers alone when no sign-in is configured', () => {
    expect(kafkaConnection({ KAFKA_BROKERS: brokers, KAFKA_SSL: false })).toEqual({ brokers });
  });

  it('returns the SASL credentials and TLS when they are configured', () => {
    const sut = kafkaConnection({
      KAFKA_BROKERS: brokers,
      KAFKA_SASL_MECHANISM: 'scram-sha-512',
      KAFKA_SASL_USERNAME: 'formation',
      KAFKA_SASL_PASSWORD: 'Vb7kQ2xLm9Tz4RwN',
      KAFKA_SSL: true,
    });

    expect(sut).toEqual({ brokers, sasl: { mechanism: 'scram-sha-512', username: 'formation', password: 'Vb7kQ2xLm9Tz4RwN' }, ssl: true });
  });

  it('throws when a mechanism lacks its password, rather than connecting anonymously', () => {
    expect(() => kafkaConnection({ KAFKA_BROKERS: brokers, KAFKA_SASL_MECHANISM: 'plain', KAFKA_SASL_USERNAME: 'formation' })).toThrow(
      'KAFKA_SASL_MECHANISM=plain needs KAFKA_SASL_USERNAME and KAFKA_SASL_PASSWORD',
    );
  });
});
