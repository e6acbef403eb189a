import { Injectable } from '@nestjs/common';
import type { HealthCheck } from './health-check';

/** The readiness probes of this instance; any module adds the engines it uses (database, Kafka, Redis, S3). */
@Injectable()
export class HealthRegistry {
  private readonly checks = new Map<string, HealthCheck>();

  add(...checks: HealthCheck[]): void {
    for (const check of checks) {
      if (this.checks.has(check.name)) throw new Error(`Two health checks are named ${check.name}`);
      this.checks.set(check.name, check);
    }
  }

  list(): HealthCheck[] {
    return [...this.checks.values()];
  }
}
