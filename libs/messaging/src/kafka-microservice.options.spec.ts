import { Transport } from '@nestjs/microservices';
import { kafkaMicroserviceOptions } from './kafka-microservice.options';

describe(kafkaMicroserviceOptions.name, () => {
  it('returns Kafka options that keep the group id exact and read a new group from the beginning', () => {
    const sut = kafkaMicroserviceOptions({ clientId: 'formation', brokers: ['127.0.0.1:9092'], groupId: 'formation' });
    expect(sut.transport).toBe(Transport.KAFKA);
    expect(sut.options).toMatchObject({
      postfixId: '',
      consumer: { groupId: 'formation' },
      subscribe: { fromBeginning: true },
      parser: { keepBinary: true },
    });
  });
});
