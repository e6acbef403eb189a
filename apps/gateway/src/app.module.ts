import { DynamicModule, Module } from '@nestjs/common';
import { ServiceConfigModule, ServiceCoreModule } from '@abide/platform';
import { GATEWAY_CONFIG, type GatewayConfig } from './config/env.schema';
import { DocsModule } from './docs/docs.module';
import { HealthModule } from './health/health.module';
import { LiveModule } from './live/live.module';
import { ProxyModule } from './proxy/proxy.module';
import { RateLimitModule } from './rate-limit/rate-limit.module';

/**
 * No per-route code: the public routes are the services' (proxy/route-table.ts, edge/edge-proxy.ts), except the live
 * stream, an edge concern (live/, docs/architecture.md "Live updates"). One module per feature with providers.
 */
@Module({})
export class AppModule {
  static forRoot(config: GatewayConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ServiceCoreModule.forRoot({ service: 'gateway', config }),
        ServiceConfigModule.forRoot(GATEWAY_CONFIG, config),
        ProxyModule,
        RateLimitModule,
        HealthModule,
        DocsModule,
        LiveModule,
      ],
    };
  }
}
