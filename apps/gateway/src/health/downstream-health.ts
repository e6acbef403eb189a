import { Injectable, type OnModuleInit } from '@nestjs/common';
import { HealthRegistry, type HealthCheck, type ReadinessReport } from '@abide/platform';
import { ServiceReadiness, serviceNames, type ServiceName } from '../proxy/proxy.port';

const summary = (report: ReadinessReport): string =>
  Object.entries(report.checks)
    .filter(([, c]) => c.status !== 'ok')
    .map(([name, c]) => `${name} ${c.status === 'ok' ? 'ok' : `${c.status}: ${c.detail}`}`)
    .join('; ');

/**
 * The gateway's readiness includes each service's. A service that is unavailable only makes its own routes answer
 * 503 problems, so the gateway reports itself degraded (naming the service) rather than not ready: taking the
 * gateway out of rotation would take every other service's routes with it.
 */
@Injectable()
export class DownstreamHealth implements OnModuleInit {
  constructor(
    private readonly services: ServiceReadiness,
    private readonly registry: HealthRegistry,
  ) {}

  onModuleInit(): void {
    this.registry.add(...serviceNames.map((service) => this.checkOf(service)));
  }

  private checkOf(service: ServiceName): HealthCheck {
    return {
      name: service,
      critical: false,
      check: async () => {
        const report = await this.services.readiness(service);
        if (report.status === 'unavailable') throw new Error(`not ready (${summary(report)})`);
        if (report.status === 'degraded') return { degraded: summary(report) };
      },
    };
  }
}
