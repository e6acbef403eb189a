import type { DynamicModule, Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { MicroserviceOptions } from '@nestjs/microservices';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { ZodValidationPipe } from 'nestjs-zod';
import { answerClientError, answerFrameworkError, MAX_PARAM_LENGTH } from '../errors/framework-errors';
import { ProblemDetailsFilter } from '../errors/problem-details.filter';
import type { HealthCheck } from '../health/health-check';
import { HealthRegistry } from '../health/health-registry';
import { AppLogger } from '../logging/logger';
import { requestIdFor } from '../logging/request-id';
import { installAccessLog, installRequestContext } from '../logging/request-logging';
import { installHttpMetrics, type RouteLabeller } from '../metrics/http-metrics';
import { startMetricsServer } from '../metrics/metrics-server';
import { enableProcessMetrics } from '../metrics/registry';
import { serveServiceDocument } from '../openapi/service-document';
import { installUnreadBodyDrain } from './unread-body';
import { installProcessGuards } from './process-guards';

export interface BootstrapOptions {
  module: Type<unknown> | DynamicModule;
  host: string;
  port: number;
  /** Makes the app a hybrid: HTTP plus a consumer for the service's @EventPattern handlers (KafkaEventServer). */
  microservice?: MicroserviceOptions;
  /** Readiness checks of things created outside the module graph (the consumer above). */
  healthChecks?: HealthCheck[];
  bodyLimit?: number;
  /** Which proxies' X-Forwarded-For to believe for `request.ip` (Fastify's trustProxy); defaults to all. */
  trustProxy?: boolean | string | number;
  /** The service's name: it serves its own OpenAPI document at GET /openapi.json (internal; the gateway merges them). */
  openApiDocument?: string;
  /**
   * Prometheus metrics (docs/architecture.md "Metrics"): every series is labelled with `service`; with a `port`,
   * `GET /metrics` is served on that separate listener. `labelRoute` names a request's route where Fastify's template
   * says too little (the gateway's forwarder).
   */
  metrics?: { service: string; port?: number; labelRoute?: RouteLabeller };
  /** Runs after the app is created and before it listens (OpenAPI, cookies, multipart…). */
  configure?: (app: NestFastifyApplication) => Promise<void> | void;
}

/**
 * Builds the Fastify adapter used by every NestJS app: request ids in, request ids out, each request's log context,
 * problem+json even for what Fastify and Node refuse before a route runs, and early answers that reach the sender.
 */
export const createFastifyAdapter = (bodyLimit = 1024 * 1024, trustProxy: boolean | string | number = true): FastifyAdapter => {
  // A JSON key `__proto__` or `constructor.prototype` is dropped as it is parsed (never applied to an object): the body
  // is then what the document allows — other properties are ignored — instead of a 400 'not valid JSON'.
  const adapter = new FastifyAdapter({
    genReqId: requestIdFor,
    trustProxy,
    bodyLimit,
    onProtoPoisoning: 'remove',
    onConstructorPoisoning: 'remove',
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
  });
  installRequestContext(adapter);
  installUnreadBodyDrain(adapter);
  return adapter;
};

/**
 * One way to start a service: structured logs (one line per request), problem+json errors, zod validation (Nest runs
 * the pipe only for @Body/@Query/@Param arguments), graceful shutdown, and a process that outlives a stray failure
 * (process-guards.ts).
 */
export const bootstrapService = async (options: BootstrapOptions): Promise<NestFastifyApplication> => {
  const adapter = createFastifyAdapter(options.bodyLimit, options.trustProxy);
  const app = await NestFactory.create<NestFastifyApplication>(options.module, adapter, { bufferLogs: true });
  const logger = app.get(AppLogger);
  app.useLogger(logger);
  installAccessLog(adapter, logger.pino);
  // Before `configure`, so the hooks also cover routes it adds (the gateway's forwarder).
  if (options.metrics) enableProcessMetrics(options.metrics.service);
  installHttpMetrics(adapter, options.metrics?.labelRoute);
  app.useGlobalFilters(new ProblemDetailsFilter());
  app.useGlobalPipes(new ZodValidationPipe());
  app.enableShutdownHooks();
  await options.configure?.(app);
  if (options.openApiDocument) serveServiceDocument(app, options.openApiDocument);
  if (options.healthChecks?.length) app.get(HealthRegistry).add(...options.healthChecks);
  if (options.microservice) app.connectMicroservice<MicroserviceOptions>(options.microservice, { inheritAppConfig: true });
  // Resolves without waiting for Kafka: the consumer joins in the background while /health/ready says not yet.
  await app.startAllMicroservices();
  if (options.metrics?.port) {
    // Closed with the app (Fastify takes no hooks once it listens, so this one is added before).
    const metricsServer = await startMetricsServer(options.host, options.metrics.port);
    adapter.getInstance().addHook('onClose', (_instance, done) => {
      metricsServer.close(() => done());
      metricsServer.closeAllConnections();
    });
  }
  await app.listen(options.port, options.host);
  installProcessGuards(logger.pino);
  return app;
};
