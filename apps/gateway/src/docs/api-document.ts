import { Injectable, Logger } from '@nestjs/common';
import { errorCodes } from '@abide/contracts';
import { DomainError } from '@abide/platform';
import type { OpenAPIObject } from '@nestjs/swagger';
import { setTimeout as sleep } from 'node:timers/promises';
import { serviceNames, ServiceClient } from '../proxy/service-client';
import { mergeDocuments } from './merge-documents';

/** A merged document is served this long before the services are asked again (a service restarted with new routes). */
const FRESH_MS = 60_000;
const ATTEMPTS = 3;

/**
 * The public API document, merged from the four services' own (each serves it at /openapi.json). Never partial: while
 * a service cannot be asked, the document answers 503 rather than leave that service's routes out.
 */
@Injectable()
export class ApiDocument {
  private readonly logger = new Logger(ApiDocument.name);
  private cached?: { json: string; at: number };
  private pending?: Promise<string>;

  constructor(private readonly services: ServiceClient) {}

  /** The merged document as JSON text. */
  async json(): Promise<string> {
    if (this.cached && Date.now() - this.cached.at < FRESH_MS) return this.cached.json;
    this.pending ??= this.build().finally(() => (this.pending = undefined));
    return this.pending;
  }

  private async build(): Promise<string> {
    const entries = await Promise.all(serviceNames.map(async (service) => [service, await this.fetch(service)] as const));
    const json = JSON.stringify(mergeDocuments(Object.fromEntries(entries)));
    this.cached = { json, at: Date.now() };
    return json;
  }

  private async fetch(service: (typeof serviceNames)[number]): Promise<OpenAPIObject> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.services.document(service);
      } catch (error) {
        if (attempt >= ATTEMPTS) {
          this.logger.warn({ service, err: error }, 'service document unavailable');
          throw new DomainError(
            errorCodes.serviceUnavailable,
            503,
            'Service unavailable',
            `The API document needs the ${service} service, which is unavailable right now. Please try again shortly.`,
            undefined,
            { 'retry-after': '5' },
          );
        }
        await sleep(200 * attempt);
      }
    }
  }
}
