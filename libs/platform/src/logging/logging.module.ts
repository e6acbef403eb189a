import { DynamicModule, Module, RequestMethod } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';

/** Structured JSON logs (pino) with the request id on every line written during a request. */
@Module({})
export class LoggingModule {
  static forRoot(service: string, level: string): DynamicModule {
    return {
      module: LoggingModule,
      imports: [
        LoggerModule.forRoot({
          // Named wildcard: the path-to-regexp v8 syntax Nest 11 expects (a bare '*' logs a conversion warning).
          forRoutes: [{ path: '{*path}', method: RequestMethod.ALL }],
          pinoHttp: {
            level,
            base: { service },
            customProps: () => ({ service }),
            autoLogging: { ignore: (req) => (req.url ?? '').startsWith('/health') },
            redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
            serializers: {
              req: (req: { id: string; method: string; url: string }) => ({ id: req.id, method: req.method, url: req.url }),
            },
          },
        }),
      ],
      exports: [LoggerModule],
    };
  }
}
