import { DynamicModule, Module } from '@nestjs/common';
import { ServiceCoreModule } from '@abide/platform';
import { GATEWAY_CONFIG, type GatewayConfig } from './config/env.schema';
import { ApiDocument } from './docs/api-document';
import { DownstreamHealth } from './health/downstream-health';
import { ServiceClient } from './proxy/service-client';
import { AuthRateLimit } from './rate-limit/auth-rate-limit';
import { RateLimitCounters } from './rate-limit/rate-limit-counters';

/** No per-route code: the public routes are the services' (proxy/route-table.ts, proxy/edge-proxy.ts). */
@Module({})
export class AppModule {
  static forRoot(config: GatewayConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [ServiceCoreModule.forRoot({ service: 'gateway', config })],
      providers: [
        { provide: GATEWAY_CONFIG, useValue: config },
        ServiceClient,
        RateLimitCounters,
        AuthRateLimit,
        DownstreamHealth,
        ApiDocument,
      ],
    };
  }
}
