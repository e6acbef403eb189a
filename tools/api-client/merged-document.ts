import 'reflect-metadata';
import { buildServiceDocument } from '@abide/platform';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter } from '@nestjs/platform-fastify';
import type { OpenAPIObject } from '@nestjs/swagger';
import path from 'node:path';
import type { ZodType } from 'zod';
import { AppModule as CommunityModule } from '../../apps/community/src/app.module';
import { communityEnvSchema } from '../../apps/community/src/config/env.schema';
import { AppModule as FormationModule } from '../../apps/formation/src/app.module';
import { formationEnvSchema } from '../../apps/formation/src/config/env.schema';
import { mergePublicDocument } from '../../apps/gateway/src/docs/merge-documents';
import { serviceNames } from '../../apps/gateway/src/proxy/service-client';
import { AppModule as IdentityModule } from '../../apps/identity/src/app.module';
import { identityEnvSchema } from '../../apps/identity/src/config/env.schema';
import { AppModule as LibraryModule } from '../../apps/library/src/app.module';
import { libraryEnvSchema } from '../../apps/library/src/config/env.schema';

const stackServices = path.join(__dirname, '../stack/services.mjs');

type Service = (typeof serviceNames)[number];

/** Each service's module and configuration, as its main.ts builds them. */
const services: Record<Service, { schema: ZodType; module: (config: never) => Parameters<typeof NestFactory.create>[0] }> = {
  identity: { schema: identityEnvSchema, module: (config) => IdentityModule.forRoot(config) },
  formation: { schema: formationEnvSchema, module: (config) => FormationModule.forRoot(config) },
  library: { schema: libraryEnvSchema, module: (config) => LibraryModule.forRoot(config) },
  community: { schema: communityEnvSchema, module: (config) => CommunityModule.forRoot(config) },
};

/** Addresses no one listens on: a preview app never connects, but the configuration must still parse. */
const unreachableEngines = {
  MONGO_URL: 'mongodb://127.0.0.1:9/abide',
  KAFKA_BROKERS: '127.0.0.1:9',
  REDIS_URL: 'redis://127.0.0.1:9',
  SMTP_HOST: '127.0.0.1',
  SMTP_PORT: '9',
  S3_ENDPOINT: '127.0.0.1',
  S3_PORT: '9',
  S3_USE_SSL: 'false',
  S3_ACCESS_KEY: 'offline',
  S3_SECRET_KEY: 'offline-document',
  SMS_API_URL: 'http://127.0.0.1:9',
};

/**
 * One service's document without engines: `preview: true` builds the module graph (controllers and their routes) but
 * instantiates no provider, so nothing connects to Mongo, Kafka, Redis or S3.
 */
const serviceDocument = async (service: Service): Promise<OpenAPIObject> => {
  // The one place the services' environment is written (an ES module, so imported by path).
  const { serviceEnv } = (await import(stackServices)) as {
    serviceEnv: (name: string, profile: string, engineEnv: Record<string, string>) => Record<string, string>;
  };
  const { schema, module } = services[service];
  const config = schema.parse({ ...serviceEnv(service, 'dev', unreachableEngines), LOG_LEVEL: 'silent' }) as never;
  const app = await NestFactory.create(module(config), new FastifyAdapter(), { preview: true, logger: false, abortOnError: false });
  try {
    return buildServiceDocument(app, service);
  } finally {
    await app.close();
  }
};

/** The public API document exactly as the gateway serves it at /api/docs-json, built offline (docs/api.md). */
export const buildMergedDocument = async (): Promise<OpenAPIObject> => {
  const documents: Record<string, OpenAPIObject> = {};
  for (const service of serviceNames) documents[service] = await serviceDocument(service);
  return mergePublicDocument(documents);
};
