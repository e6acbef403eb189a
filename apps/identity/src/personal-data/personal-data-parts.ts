import { Inject, Injectable, Logger } from '@nestjs/common';
import { type ErrorCode, errorCodes } from '@abide/contracts';
import { DomainError, REQUEST_ID_HEADER } from '@abide/platform';
import type { FastifyRequest } from 'fastify';
import { IDENTITY_CONFIG, type IdentityConfig } from '../config/env.schema';

/** The other services that hold data about a member; each answers GET /account/export (internal) for the caller only. */
export const servicesWithPersonalData = ['formation', 'library', 'community'] as const;
export type PersonalDataService = (typeof servicesWithPersonalData)[number];

const TIMEOUT_MS = 10_000;

/**
 * Gathers the other services' parts of "Download my data", each asked on the caller's behalf (their token): a service
 * never hands over anyone else's data, whoever asks. A problem from a service is passed on as it is; a service that is
 * down or slow makes the whole export a 503/504 (a partial export would look complete).
 */
@Injectable()
export class PersonalDataParts {
  private readonly logger = new Logger(PersonalDataParts.name);
  private readonly urls: Record<PersonalDataService, string>;

  constructor(@Inject(IDENTITY_CONFIG) config: IdentityConfig) {
    this.urls = { formation: config.FORMATION_URL, library: config.LIBRARY_URL, community: config.COMMUNITY_URL };
  }

  async gather(request: FastifyRequest): Promise<Record<PersonalDataService, unknown>> {
    const parts = await Promise.all(
      servicesWithPersonalData.map(async (service) => [service, await this.partOf(service, request)] as const),
    );
    return Object.fromEntries(parts) as Record<PersonalDataService, unknown>;
  }

  private async partOf(service: PersonalDataService, request: FastifyRequest): Promise<unknown> {
    const headers: Record<string, string> = { [REQUEST_ID_HEADER]: String(request.id), accept: 'application/json' };
    if (request.headers.authorization) headers.authorization = request.headers.authorization;
    let response: Response;
    try {
      response = await fetch(new URL('/account/export', this.urls[service]), { headers, signal: AbortSignal.timeout(TIMEOUT_MS) });
    } catch (error) {
      throw this.unavailable(service, error);
    }
    const body = (await response.json()) as { title?: string; detail?: string; code?: ErrorCode };
    if (response.status >= 400) {
      throw new DomainError(body.code ?? errorCodes.internal, response.status, body.title ?? 'Request failed', body.detail);
    }
    return body;
  }

  private unavailable(service: PersonalDataService, error: unknown): DomainError {
    const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
    this.logger.warn({ service, err: error }, timedOut ? 'export part timed out' : 'export part unavailable');
    return DomainError.upstream(service, timedOut);
  }
}
