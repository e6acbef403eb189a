import { Inject, Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import { DomainError, FORWARDED_PREFIX_HEADER, REQUEST_ID_HEADER, type ReadinessReport, SERVICE_DOCUMENT_PATH } from '@abide/platform';
import type { OpenAPIObject } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { IncomingMessage } from 'node:http';
import { PassThrough, type Readable } from 'node:stream';
import { errors as undiciErrors, Pool } from 'undici';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config/env.schema';
import { clientAddress } from '../rate-limit/client-address';
import { serviceSecurityHeaders } from '../security/security-headers';
import type { ServiceName } from './route-table';

export { serviceNames, type ServiceName } from './route-table';

/**
 * Request headers passed on to a service; everything else (hop-by-hop, host) stays at the edge. The SMS provider
 * signs its webhook calls in X-Twilio-Signature, which identity checks (docs/architecture.md "Text messages").
 */
const forwardedRequestHeaders = ['authorization', 'content-type', 'content-length', 'accept', 'cookie', 'user-agent', 'x-twilio-signature'];
/** Response headers passed back to the browser. */
const forwardedResponseHeaders = [
  'content-type',
  'set-cookie',
  'retry-after',
  'cache-control',
  'content-disposition',
  'location',
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
 * The request's body as the service is sent it. A service may answer before reading it all (a 401 from its guard, a
 * 413); undici then ends the upload by destroying the body stream it was given. Given the member's own request, that
 * would leave their kept-alive connection half-read, so undici gets a pass-through in front of the request; the rest of
 * the member's body is then dropped by the platform's unread-body drain (bootstrap/unread-body.ts) once the answer goes.
 */
const bodyFor = (raw: IncomingMessage): Readable => {
  const body = new PassThrough();
  raw.pipe(body);
  // A member who goes away mid-upload ends the upload to the service too.
  raw.once('aborted', () => body.destroy(new Error('The client closed the request before sending all of it')));
  raw.once('error', (error) => body.destroy(error));
  return body;
};

/**
 * HTTP keep-alive pools, one per service. Streams bodies both ways as bytes (JSON is never parsed here, uploads never
 * buffered whole), and turns a service that is down or slow into a clear 503/504 problem instead of a hang.
 */
@Injectable()
export class ServiceClient implements OnModuleDestroy {
  private readonly logger = new Logger(ServiceClient.name);
  private readonly pools: Record<ServiceName, Pool>;

  constructor(@Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig) {
    // Kept-alive connections (the services keep theirs 72 s; 30 s here, so the gateway always closes first), one request
    // at a time on each (no pipelining: a slow answer never holds up the next), enough of them for the gateway's load.
    const pool = (url: string) => new Pool(url, { connections: 128, keepAliveTimeout: 30_000, keepAliveMaxTimeout: 60_000, pipelining: 1 });
    this.pools = {
      identity: pool(config.IDENTITY_URL),
      formation: pool(config.FORMATION_URL),
      library: pool(config.LIBRARY_URL),
      community: pool(config.COMMUNITY_URL),
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
      const response = await this.pools[service].request({
        method: request.method as 'GET',
        path,
        headers,
        body: hasBody(request.raw) ? bodyFor(request.raw) : undefined,
        headersTimeout: timeout,
        bodyTimeout: timeout,
      });
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
    const response = await this.pools[service].request({
      method: 'GET',
      path: SERVICE_DOCUMENT_PATH,
      headers: { accept: 'application/json' },
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs,
    });
    if (response.statusCode !== 200) {
      await response.body.dump();
      throw new Error(`${service} answered ${response.statusCode} for its document`);
    }
    return (await response.body.json()) as OpenAPIObject;
  }

  /** The service's own readiness report (its /health/ready answers 200 or 503 with the same body). */
  async readiness(service: ServiceName, timeoutMs = 1500): Promise<ReadinessReport> {
    const response = await this.pools[service].request({
      method: 'GET',
      path: '/health/ready',
      headers: { accept: 'application/json' },
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs,
    });
    return (await response.body.json()) as ReadinessReport;
  }

  private upstreamProblem(service: ServiceName, error: unknown): DomainError {
    const timedOut = error instanceof undiciErrors.HeadersTimeoutError || error instanceof undiciErrors.BodyTimeoutError;
    this.logger.warn({ service, err: error }, timedOut ? 'upstream timed out' : 'upstream unavailable');
    return DomainError.upstream(service, timedOut);
  }

  async onModuleDestroy(): Promise<void> {
    await Promise.all(Object.values(this.pools).map((p) => p.close()));
  }
}
