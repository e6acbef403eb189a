import { Inject, Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import { DomainError, FORWARDED_PREFIX_HEADER, REQUEST_ID_HEADER, type ReadinessReport, SERVICE_DOCUMENT_PATH } from '@abide/platform';
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENT_REPLAYED_HEADER } from '@abide/contracts';
import type { OpenAPIObject } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { IncomingMessage } from 'node:http';
import { errors as undiciErrors, Pool } from 'undici';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config/env.schema';
import { combineReplicaReadiness } from './replica-readiness';
import { clientAddress } from '../shared/client-address';
import { serviceSecurityHeaders } from '../security/security.port';
import { ForwardedBody } from './forwarded-body';
import type { ServiceName } from './route-table';
import { mayTryAnother, UpstreamInstances } from './upstream-instances';
import { writeAffinity } from './write-affinity';

export { serviceNames, type ServiceName } from './route-table';

/**
 * Request headers passed on to a service; everything else (hop-by-hop, host) stays at the edge. The SMS provider
 * signs its webhook calls in X-Twilio-Signature, which identity checks (docs/architecture.md "Text messages"); the
 * services apply a write once per Idempotency-Key (docs/api.md "Idempotency keys").
 */
const forwardedRequestHeaders = [
  'authorization',
  'content-type',
  'content-length',
  'accept',
  'cookie',
  'user-agent',
  'x-twilio-signature',
  IDEMPOTENCY_KEY_HEADER,
];
/** Response headers passed back to the browser. */
const forwardedResponseHeaders = [
  'content-type',
  'set-cookie',
  'retry-after',
  'cache-control',
  'content-disposition',
  'location',
  IDEMPOTENT_REPLAYED_HEADER,
  // The browser must never sniff an uploaded file (moderation preview).
  'x-content-type-options',
  ...serviceSecurityHeaders,
];
/**
 * Answers up to this size (by their content-length) are read whole and sent in one write with the headers; larger or
 * unsized ones (downloads, exports) stream through as they arrive.
 */
const BUFFERED_RESPONSE_BYTES = 64 * 1024;
/** Where the services' routes are public (their problems name the public URL). */
const PUBLIC_PREFIX = '/api';

/** A request has a body when it says how long it is (not 0) or that it is chunked. */
const hasBody = (raw: IncomingMessage): boolean =>
  (raw.headers['content-length'] !== undefined && raw.headers['content-length'] !== '0') || raw.headers['transfer-encoding'] !== undefined;

/**
 * HTTP keep-alive pools, one per instance of each service (IDENTITY_URL etc. list them, comma-separated), used in turn
 * (upstream-instances.ts): an instance that refuses or drops a connection is left out for a few seconds, and a request
 * it never received (or a read) goes to the next one. Streams bodies both ways as bytes (JSON is never parsed here,
 * uploads never buffered whole), and turns a service that is down or slow into a clear 503/504 problem instead of a hang.
 */
@Injectable()
export class ServiceClient implements OnModuleDestroy {
  private readonly logger = new Logger(ServiceClient.name);
  private readonly upstreams: Record<ServiceName, UpstreamInstances<Pool>>;

  constructor(@Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig) {
    // Kept-alive connections (the services keep theirs 72 s; 30 s here, so the gateway always closes first), one request
    // at a time on each (no pipelining: a slow answer never holds up the next), enough of them for the gateway's load.
    const pool = (url: string) => new Pool(url, { connections: 128, keepAliveTimeout: 30_000, keepAliveMaxTimeout: 60_000, pipelining: 1 });
    const instances = (service: ServiceName, urls: readonly string[]) => {
      const upstream = new UpstreamInstances(urls, pool);
      upstream.onDown = (instance, changed, error) => {
        if (changed) this.logger.warn({ service, instance: instance.url, err: error }, 'instance left out for a few seconds');
      };
      return upstream;
    };
    this.upstreams = {
      identity: instances('identity', config.IDENTITY_URL),
      formation: instances('formation', config.FORMATION_URL),
      library: instances('library', config.LIBRARY_URL),
      community: instances('community', config.COMMUNITY_URL),
    };
  }

  /** Sends the request to `path` on the service as it came (headers from the list above) and its answer back. */
  async forward(service: ServiceName, request: FastifyRequest, reply: FastifyReply, path: string, timeoutMs?: number): Promise<void> {
    const headers: Record<string, string> = { [REQUEST_ID_HEADER]: String(request.id) };
    for (const name of forwardedRequestHeaders) {
      const value = request.headers[name];
      if (typeof value === 'string') headers[name] = value;
    }
    headers['x-forwarded-for'] = clientAddress(request);
    headers[FORWARDED_PREFIX_HEADER] = PUBLIC_PREFIX;
    const timeout = timeoutMs ?? this.config.UPSTREAM_TIMEOUT_MS;
    try {
      let body: ForwardedBody | undefined;
      const response = await this.upstreams[service].send(
        ({ pool }) => {
          body = hasBody(request.raw) ? new ForwardedBody(request.raw) : undefined;
          return pool.request({ method: request.method as 'GET', path, headers, body, headersTimeout: timeout, bodyTimeout: timeout });
        },
        (error) => mayTryAnother(request.method, error, body?.started ?? false),
        this.config.WRITE_AFFINITY === 'on' ? writeAffinity(request.method, path, request.headers.authorization) : undefined,
      );
      const length = Number(response.headers['content-length'] ?? Number.NaN);
      const payload = length <= BUFFERED_RESPONSE_BYTES ? Buffer.from(await response.body.arrayBuffer()) : response.body;
      reply.status(response.statusCode);
      for (const name of forwardedResponseHeaders) {
        const value = response.headers[name];
        if (value !== undefined) reply.header(name, value);
      }
      await reply.send(payload);
    } catch (error) {
      throw this.upstreamProblem(service, error);
    }
  }

  /** The service's own OpenAPI document (internal: GET /openapi.json on the service). */
  async document(service: ServiceName, timeoutMs = 3000): Promise<OpenAPIObject> {
    const response = await this.upstreams[service].send(
      ({ pool }) =>
        pool.request({
          method: 'GET',
          path: SERVICE_DOCUMENT_PATH,
          headers: { accept: 'application/json' },
          headersTimeout: timeoutMs,
          bodyTimeout: timeoutMs,
        }),
      (error) => mayTryAnother('GET', error, false),
    );
    if (response.statusCode !== 200) {
      await response.body.dump();
      throw new Error(`${service} answered ${response.statusCode} for its document`);
    }
    return (await response.body.json()) as OpenAPIObject;
  }

  /**
   * The service's readiness from every instance's own report (its /health/ready answers 200 or 503 with the same body):
   * ready while one instance is (replica-readiness.ts). Throws when no instance answers at all.
   */
  async readiness(service: ServiceName, timeoutMs = 1500): Promise<ReadinessReport> {
    const { instances } = this.upstreams[service];
    const answers = await Promise.all(
      instances.map(async ({ pool }) => {
        try {
          const response = await pool.request({
            method: 'GET',
            path: '/health/ready',
            headers: { accept: 'application/json' },
            headersTimeout: timeoutMs,
            bodyTimeout: timeoutMs,
          });
          return (await response.body.json()) as ReadinessReport;
        } catch (error) {
          return error instanceof Error ? error : new Error(String(error));
        }
      }),
    );
    if (answers.every((answer) => answer instanceof Error)) throw answers[0];
    return combineReplicaReadiness(
      answers,
      instances.map((instance) => instance.url),
    );
  }

  private upstreamProblem(service: ServiceName, error: unknown): DomainError {
    const timedOut = error instanceof undiciErrors.HeadersTimeoutError || error instanceof undiciErrors.BodyTimeoutError;
    this.logger.warn({ service, err: error }, timedOut ? 'upstream timed out' : 'upstream unavailable');
    return DomainError.upstream(service, timedOut);
  }

  async onModuleDestroy(): Promise<void> {
    await Promise.all(Object.values(this.upstreams).flatMap((upstream) => upstream.instances.map(({ pool }) => pool.close())));
  }
}
