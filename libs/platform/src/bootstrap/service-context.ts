import type { DynamicModule, INestApplicationContext, Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { AppLogger } from '../logging/logger';

/**
 * A service's module as an application context: its providers, lifecycle hooks and database connections, but no HTTP
 * listener, no metrics listener and no Kafka consumer (bootstrapService adds those; this never does). For operator
 * tools that run the service's own code against a database of their choosing (tools/read-models). Close it when done.
 */
export const bootServiceContext = async (module: Type<unknown> | DynamicModule): Promise<INestApplicationContext> => {
  const app = await NestFactory.createApplicationContext(module, { bufferLogs: true, abortOnError: false });
  app.useLogger(app.get(AppLogger));
  return app;
};
