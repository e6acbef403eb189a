import type { DynamicModule, INestApplication, Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { type MicroserviceOptions, Transport } from '@nestjs/microservices';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { Logger } from 'nestjs-pino';
import { ZodValidationPipe } from 'nestjs-zod';
import { ProblemDetailsFilter } from '../errors/problem-details.filter';
import { REQUEST_ID_HEADER, requestIdFor } from '../logging/request-id';

export interface KafkaConsumerOptions {
  clientId: string;
  brokers: string[];
  groupId: string;
}

export interface BootstrapOptions {
  module: Type<unknown> | DynamicModule;
  host: string;
  port: number;
  /** Makes the app a hybrid: HTTP plus a Kafka consumer for the service's @EventPattern handlers. */
  kafka?: KafkaConsumerOptions;
  bodyLimit?: number;
  /** Runs after the app is created and before it listens (OpenAPI, cookies, multipart…). */
  configure?: (app: NestFastifyApplication) => Promise<void> | void;
}

/** Builds the Fastify adapter used by every NestJS app: request ids in, request ids out. */
export const createFastifyAdapter = (bodyLimit = 1024 * 1024): FastifyAdapter => {
  const adapter = new FastifyAdapter({ genReqId: requestIdFor, trustProxy: true, bodyLimit });
  adapter.getInstance().addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });
  return adapter;
};

/** One way to start a service: structured logs, problem+json errors, zod validation, graceful shutdown. */
export const bootstrapService = async (options: BootstrapOptions): Promise<NestFastifyApplication> => {
  const app = await NestFactory.create<NestFastifyApplication>(options.module, createFastifyAdapter(options.bodyLimit), {
    bufferLogs: true,
  });
  app.useLogger(app.get(Logger));
  app.useGlobalFilters(new ProblemDetailsFilter());
  app.useGlobalPipes(new ZodValidationPipe());
  app.enableShutdownHooks();
  await options.configure?.(app);
  if (options.kafka) connectKafka(app, options.kafka);
  await app.startAllMicroservices();
  await app.listen(options.port, options.host);
  return app;
};

const connectKafka = (app: INestApplication, kafka: KafkaConsumerOptions): void => {
  app.connectMicroservice<MicroserviceOptions>(
    {
      transport: Transport.KAFKA,
      options: {
        client: { clientId: kafka.clientId, brokers: kafka.brokers, retry: { retries: 8 } },
        consumer: { groupId: kafka.groupId, allowAutoTopicCreation: true },
        subscribe: { fromBeginning: true },
        postfixId: '',
      },
    },
    { inheritAppConfig: true },
  );
};
