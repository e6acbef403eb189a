import { Module } from '@nestjs/common';
import { kafkaConnection, KafkaPublisher } from '@abide/messaging';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config/env.schema';
import { LiveSignalsConsumer } from './live-signals.consumer';
import { LiveStreams } from './live-streams';

/** Live updates (docs/architecture.md "Live updates"): the services' signals from Kafka, streamed to members. */
@Module({
  controllers: [LiveSignalsConsumer],
  providers: [
    LiveStreams,
    // Dead-letters an invalid live signal (it connects at its first send).
    {
      provide: KafkaPublisher,
      useFactory: (config: GatewayConfig) =>
        new KafkaPublisher({ clientId: `${config.KAFKA_CLIENT_ID}-publisher`, ...kafkaConnection(config) }),
      inject: [GATEWAY_CONFIG],
    },
  ],
})
export class LiveModule {}
