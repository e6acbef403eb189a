import { DynamicModule, Module } from '@nestjs/common';
import { kafkaConnection, KafkaPublisher } from '@abide/messaging';
import { ServiceCoreModule } from '@abide/platform';
import { GATEWAY_CONFIG, type GatewayConfig } from './config/env.schema';
import { ApiDocument } from './docs/api-document';
import { DownstreamHealth } from './health/downstream-health';
import { LiveSignalsConsumer } from './live/live-signals.consumer';
import { LiveStreams } from './live/live-streams';
import { ServiceClient } from './proxy/service-client';
import { RateLimitCounters } from './rate-limit/rate-limit-counters';
import { MemberOfRequest } from './rate-limit/member-of-request';
import { RateLimits } from './rate-limit/rate-limits';

/**
 * No per-route code: the public routes are the services' (proxy/route-table.ts, proxy/edge-proxy.ts), except the live
 * stream, an edge concern (live/, docs/architecture.md "Live updates").
 */
@Module({})
export class AppModule {
  static forRoot(config: GatewayConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [ServiceCoreModule.forRoot({ service: 'gateway', config })],
      controllers: [LiveSignalsConsumer],
      providers: [
        { provide: GATEWAY_CONFIG, useValue: config },
        ServiceClient,
        RateLimitCounters,
        RateLimits,
        MemberOfRequest,
        DownstreamHealth,
        ApiDocument,
        LiveStreams,
        // Dead-letters an invalid live signal (it connects at its first send).
        {
          provide: KafkaPublisher,
          useFactory: () => new KafkaPublisher({ clientId: `${config.KAFKA_CLIENT_ID}-publisher`, ...kafkaConnection(config) }),
        },
      ],
    };
  }
}
