import { Injectable, Logger } from '@nestjs/common';
import { errorCodes } from '@abide/contracts';
import { DomainError } from '@abide/platform';
import type { OpenAPIObject } from '@nestjs/swagger';
import { setTimeout as sleep } from 'node:timers/promises';
import { serviceNames, ServiceClient } from '../proxy/service-client';
import { DocumentedMethods } from './documented-methods';
import { mergePublicDocument } from './merge-documents';

/** A merged document is served this long before the services are asked again (a service restarted with new routes). */
const FRESH_MS = 60_000;
const ATTEMPTS = 3;
const RETRY_MS = 5_000;

/**
 * The public API document, merged from the four services' own (each serves it at /openapi.json). Never partial: while
 * a service cannot be asked, the document answers 503 rather than leave that service's routes out.
 */
@Injectable()
export class ApiDocument {
  private readonly logger = new Logger(ApiDocument.name);
  private cached?: { json: string; at: number; methods: DocumentedMethods };
  private pending?: Promise<string>;
  /** After a failed build, the background refresh for methods() waits this long before asking the services again. */
  private quietUntil = 0;

  constructor(private readonly services: ServiceClient) {}

  /** The merged document as JSON text. */
  async json(): Promise<string> {
    if (this.cached && Date.now() - this.cached.at < FRESH_MS) return this.cached.json;
    this.pending ??= this.build().finally(() => (this.pending = undefined));
    return this.pending;
  }

  /**
   * The documented methods of the latest merged document, for the edge's 405 (proxy/edge-proxy.ts). Never waits: with
   * no document yet it answers undefined (the request is forwarded as it came) and has one built in the background.
   */
  methods(): DocumentedMethods | undefined {
    const now = Date.now();
    if ((!this.cached || now - this.cached.at >= FRESH_MS) && now >= this.quietUntil) {
      // A failure is logged by fetch(); requests are forwarded meanwhile and a later one asks again.
      this.json().catch(() => (this.quietUntil = Date.now() + RETRY_MS));
    }
    return this.cached?.methods;
  }

  private async build(): Promise<string> {
    const entries = await Promise.all(serviceNames.map(async (service) => [service, await this.fetch(service)] as const));
    const document = mergePublicDocument(Object.fromEntries(entries));
    const json = JSON.stringify(document);
    this.cached = { json, at: Date.now(), methods: new DocumentedMethods(document) };
    return json;
  }

  private async fetch(service: (typeof serviceNames)[number]): Promise<OpenAPIObject> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.services.document(service);
      } catch (error) {
        // The gateway is shutting down (its pools are closed): nothing to retry or to warn about.
        if ((error as { code?: string }).code === 'UND_ERR_DESTROYED') throw error;
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
