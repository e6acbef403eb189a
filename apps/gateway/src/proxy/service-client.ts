import { Inject, Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import { type ErrorCode, errorCodes } from '@abide/contracts';
import { DomainError, REQUEST_ID_HEADER, type ReadinessReport } from '@abide/platform';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Readable } from 'node:stream';
import { errors as undiciErrors, Pool } from 'undici';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config/env.schema';

export type ServiceName = 'identity' | 'formation' | 'library' | 'community';

/** Request headers passed on to a service; everything else (hop-by-hop, host) stays at the edge. */
const forwardedRequestHeaders = ['authorization', 'content-type', 'content-length', 'accept', 'cookie', 'user-agent'];
/** Response headers passed back to the browser. */
const forwardedResponseHeaders = ['content-type', 'set-cookie', 'retry-after', 'cache-control', 'content-disposition', 'location'];
/**
 * Answers up to this size (by their content-length) are read whole and sent in one write with the headers; larger or
 * unsized ones (downloads, exports) stream through as they arrive.
 */
const BUFFERED_RESPONSE_BYTES = 64 * 1024;

const isJson = (contentType: string | undefined): boolean => !!contentType && /^application\/json\s*(;|$)/i.test(contentType);

export interface ForwardOptions {
  /** Path on the service; defaults to the incoming path without the `/api` prefix. */
  path?: string;
  timeoutMs?: number;
  /** The validated body to send instead of the raw one (the gateway validates before it forwards). */
  body?: unknown;
}

/**
 * HTTP keep-alive pools, one per service. Streams bodies both ways (uploads are never buffered whole),
 * and turns a service that is down or slow into a clear 503/504 problem instead of a hang.
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

  async forward(service: ServiceName, request: FastifyRequest, reply: FastifyReply, options: ForwardOptions = {}): Promise<void> {
    const path = options.path ?? request.url.replace(/^\/api(?=\/|$)/, '') ?? '/';
    const headers: Record<string, string> = { [REQUEST_ID_HEADER]: String(request.id) };
    for (const name of forwardedRequestHeaders) {
      const value = request.headers[name];
      if (typeof value === 'string') headers[name] = value;
    }
    headers['x-forwarded-for'] = request.ip;
    const body = this.bodyOf(request, headers, options);
    const timeout = options.timeoutMs ?? this.config.UPSTREAM_TIMEOUT_MS;
    try {
      const response = await this.pools[service].request({
        method: request.method as 'GET',
        path,
        headers,
        body,
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

  /**
   * Calls a service on the caller's behalf and returns its JSON (for routes that combine several services).
   * A problem from the service is passed on as it is.
   */
  async getJson<T = unknown>(service: ServiceName, request: FastifyRequest, path: string): Promise<T> {
    const headers: Record<string, string> = { [REQUEST_ID_HEADER]: String(request.id), accept: 'application/json' };
    if (request.headers.authorization) headers.authorization = request.headers.authorization;
    let response;
    try {
      response = await this.pools[service].request({
        method: 'GET',
        path,
        headers,
        headersTimeout: this.config.UPSTREAM_TIMEOUT_MS,
        bodyTimeout: this.config.UPSTREAM_TIMEOUT_MS,
      });
    } catch (error) {
      throw this.upstreamProblem(service, error);
    }
    const body = (await response.body.json()) as T & { title?: string; detail?: string; code?: ErrorCode };
    if (response.statusCode >= 400) {
      throw new DomainError(body.code ?? errorCodes.internal, response.statusCode, body.title ?? 'Request failed', body.detail);
    }
    return body;
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

  /**
   * The body the gateway validated is sent as validated (re-serialised); a JSON body it only forwards goes as the bytes
   * it received (the gateway app keeps them: rawBody); anything else (multipart) streams through untouched.
   */
  private bodyOf(
    request: FastifyRequest & { rawBody?: Buffer },
    headers: Record<string, string>,
    options: ForwardOptions,
  ): string | Buffer | Readable | undefined {
    if (request.method === 'GET' || request.method === 'HEAD') return undefined;
    if (options.body === undefined && request.rawBody && isJson(request.headers['content-type'])) {
      headers['content-length'] = String(request.rawBody.length);
      return request.rawBody;
    }
    const parsed = options.body ?? request.body;
    if (parsed === undefined) {
      return request.headers['content-length'] && request.headers['content-length'] !== '0' ? request.raw : undefined;
    }
    const json = JSON.stringify(parsed);
    headers['content-type'] = 'application/json';
    headers['content-length'] = String(Buffer.byteLength(json));
    return json;
  }

  private upstreamProblem(service: ServiceName, error: unknown): DomainError {
    const timedOut = error instanceof undiciErrors.HeadersTimeoutError || error instanceof undiciErrors.BodyTimeoutError;
    this.logger.warn({ service, err: error }, timedOut ? 'upstream timed out' : 'upstream unavailable');
    return timedOut
      ? new DomainError(
          errorCodes.upstreamTimeout,
          504,
          'Upstream timeout',
          `The ${service} service took too long to answer. Please try again.`,
        )
      : new DomainError(
          errorCodes.serviceUnavailable,
          503,
          'Service unavailable',
          `The ${service} service is unavailable right now. Please try again shortly.`,
          undefined,
          { 'retry-after': '5' },
        );
  }

  async onModuleDestroy(): Promise<void> {
    await Promise.all(Object.values(this.pools).map((p) => p.close()));
  }
}
