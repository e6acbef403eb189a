import { Inject, Injectable, Logger } from '@nestjs/common';
import { type ErrorCode, errorCodes, type OpsService, type OpsServiceHealth } from '@abide/contracts';
import { DomainError, REQUEST_ID_HEADER } from '@abide/platform';
import type { FastifyRequest } from 'fastify';
import { IDENTITY_CONFIG, type IdentityConfig } from '../config/env.schema';

export type OtherService = Exclude<OpsService, 'identity'>;

const TIMEOUT_MS = 10_000;
const HEALTH_TIMEOUT_MS = 3_000;

/**
 * Asks the other services' internal `/ops/…` routes on the admin's behalf (their token: each service checks the
 * admin role itself), as "Download my data" gathers its parts (account/personal-data-parts.ts). A problem from a
 * service is passed on as it is; a service that is down or slow is a 503/504 naming it.
 */
@Injectable()
export class OpsServices {
  private readonly logger = new Logger(OpsServices.name);
  private readonly urls: Record<OtherService, string>;

  constructor(@Inject(IDENTITY_CONFIG) config: IdentityConfig) {
    this.urls = { formation: config.FORMATION_URL, library: config.LIBRARY_URL, community: config.COMMUNITY_URL };
  }

  async ask<T>(service: OtherService, method: 'GET' | 'POST', path: string, request: FastifyRequest): Promise<T> {
    const headers: Record<string, string> = { [REQUEST_ID_HEADER]: String(request.id), accept: 'application/json' };
    if (request.headers.authorization) headers.authorization = request.headers.authorization;
    let response: Response;
    try {
      response = await fetch(new URL(path, this.urls[service]), { method, headers, signal: AbortSignal.timeout(TIMEOUT_MS) });
    } catch (error) {
      const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
      this.logger.warn({ service, err: error }, timedOut ? 'ops part timed out' : 'ops part unavailable');
      throw DomainError.upstream(service, timedOut);
    }
    const body = (await response.json()) as T & { title?: string; detail?: string; code?: ErrorCode };
    if (response.status >= 400) {
      throw new DomainError(body.code ?? errorCodes.internal, response.status, body.title ?? 'Request failed', body.detail);
    }
    return body;
  }

  /** A service's readiness report (public `/health/ready`, 200 or 503 with the same body), or why it did not answer. */
  async health(service: OtherService): Promise<OpsServiceHealth> {
    try {
      const response = await fetch(new URL('/health/ready', this.urls[service]), {
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(HEALTH_TIMEOUT_MS),
      });
      const report = (await response.json()) as Pick<OpsServiceHealth, 'status' | 'checks'>;
      return { service, status: report.status, checks: report.checks };
    } catch (error) {
      return { service, status: 'unavailable', checks: {}, detail: `no answer: ${(error as Error).message}` };
    }
  }
}
