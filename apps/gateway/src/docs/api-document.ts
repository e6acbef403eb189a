import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { errorCodes } from '@abide/contracts';
import { DomainError } from '@abide/platform';
import type { OpenAPIObject } from '@nestjs/swagger';
import { setTimeout as sleep } from 'node:timers/promises';
import { serviceNames, ServiceDocuments, type ServiceName, edgePolicyProblems } from '../proxy/proxy.port';
import { DocumentedMethods } from '../shared/documented-methods';
import { mergePublicDocument } from './merge-documents';

/** A merged document is served this long before the services are asked again (a service restarted with new routes). */
const FRESH_MS = 60_000;
const ATTEMPTS = 3;
const RETRY_MS = 5_000;

/** One service's own document, as last read, and its routes compiled for lookups (edge policies, by its own paths). */
interface ServiceDocument {
  document: OpenAPIObject;
  routes: DocumentedMethods;
  at: number;
}

/**
 * The public API document, merged from the four services' own (each serves it at /openapi.json). Never partial: while
 * a service cannot be asked, the document answers 503 rather than leave that service's routes out.
 *
 * Each service's document is also the gateway's policy table for that service's routes (their `x-abide-edge`: rate
 * limits, timeouts; docs/api.md "Limits"): read at start, read again with every merge, and asked for by a request to a
 * service whose document is not known yet, so no request is forwarded without its route's limit.
 */
@Injectable()
export class ApiDocument implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(ApiDocument.name);
  private cached?: { json: string; at: number; methods: DocumentedMethods };
  private pending?: Promise<string>;
  /** After a failed build, the background refresh for methods() waits this long before asking the services again. */
  private quietUntil = 0;
  private readonly known = new Map<ServiceName, ServiceDocument>();
  private readonly asking = new Map<ServiceName, Promise<ServiceDocument>>();
  private stopped = false;

  constructor(private readonly services: ServiceDocuments) {}

  /** Reads every service's policies at start, asking again every few seconds for a service that is not up yet. */
  onApplicationBootstrap(): void {
    const read = (service: ServiceName): void => {
      this.ask(service).catch(() => {
        if (!this.stopped) setTimeout(() => read(service), RETRY_MS).unref();
      });
    };
    for (const service of serviceNames) read(service);
  }

  onApplicationShutdown(): void {
    this.stopped = true;
  }

  /** The merged document as JSON text. */
  async json(): Promise<string> {
    if (this.cached && Date.now() - this.cached.at < FRESH_MS) return this.cached.json;
    this.pending ??= this.build().finally(() => (this.pending = undefined));
    return this.pending;
  }

  /**
   * The documented methods of the latest merged document, for the edge's 405 (edge/edge-proxy.ts). Never waits: with
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

  /**
   * A service's routes as its own document declares them (paths without `/api`), with their edge policies. Waits only
   * for a service not read yet, and fails (503) when it cannot be asked: its requests could not be answered anyway. A
   * document older than the merged one's freshness is read again in the background, the old one serving meanwhile.
   */
  async routesOf(service: ServiceName): Promise<DocumentedMethods> {
    const known = this.known.get(service);
    if (!known) return (await this.ask(service)).routes;
    if (Date.now() - known.at >= FRESH_MS && !this.asking.has(service)) {
      // Not asked again for a while after a failure; the last document keeps serving.
      this.ask(service).catch(() => (known.at = Date.now() - FRESH_MS + RETRY_MS));
    }
    return known.routes;
  }

  private async build(): Promise<string> {
    const entries = await Promise.all(serviceNames.map(async (service) => [service, (await this.ask(service)).document] as const));
    const documents = Object.fromEntries(entries);
    const document = mergePublicDocument(documents);
    // A policy the gateway cannot apply as declared is a deployment mistake: say so loudly (the CI check fails on it).
    const problems = edgePolicyProblems(document);
    if (problems.length) this.logger.error({ problems }, 'edge policies that name no route or no limit');
    const json = JSON.stringify(document);
    this.cached = { json, at: Date.now(), methods: new DocumentedMethods(document) };
    return json;
  }

  /** Reads a service's document (once at a time per service) and keeps it with its compiled routes. */
  private ask(service: ServiceName): Promise<ServiceDocument> {
    let asking = this.asking.get(service);
    if (!asking) {
      asking = this.fetch(service)
        .then((document) => {
          const read = { document, routes: new DocumentedMethods(document), at: Date.now() };
          this.known.set(service, read);
          return read;
        })
        .finally(() => this.asking.delete(service));
      this.asking.set(service, asking);
    }
    return asking;
  }

  private async fetch(service: ServiceName): Promise<OpenAPIObject> {
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
