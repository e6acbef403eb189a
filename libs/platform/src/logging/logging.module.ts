import { DynamicModule, Module } from '@nestjs/common';
import { AppLogger, createLogger } from './logger';

/**
 * Structured JSON logs (pino) with the request id on every line written during a request. The one access-log line
 * per request and the request context are Fastify hooks that bootstrapService installs (see request-logging.ts).
 */
@Module({})
export class LoggingModule {
  static forRoot(service: string, level: string): DynamicModule {
    return {
      module: LoggingModule,
      providers: [{ provide: AppLogger, useValue: new AppLogger(createLogger(service, level)) }],
      exports: [AppLogger],
    };
  }
}
