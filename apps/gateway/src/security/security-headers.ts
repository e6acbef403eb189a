import helmet from '@fastify/helmet';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';

/**
 * The headers every gateway answer carries, API and Swagger UI alike (the gateway is where the API meets the internet):
 * no MIME sniffing, never framed, no referrer sent, and a Content-Security-Policy that lets Swagger UI load its own
 * scripts from the gateway and nothing else (its page has no inline script, see docs/openapi.ts). HSTS is on: a
 * browser ignores it over plain-http development and keeps to HTTPS once it has seen it there.
 */
export const securityHeaderOptions = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      scriptSrcAttr: ["'none'"],
      // Swagger UI (React) sets style attributes as it renders.
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      fontSrc: ["'self'", 'data:'],
      objectSrc: ["'none'"],
      baseUri: ["'none'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
  },
  frameguard: { action: 'deny' as const },
  referrerPolicy: { policy: 'no-referrer' as const },
  // The web app (another port in development) may embed what the API serves, e.g. images; other sites may not.
  crossOriginResourcePolicy: { policy: 'same-site' as const },
  strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
};

/** Registers the headers before any route, so the forwarder's raw `/api/*` answers carry them too. */
export const installSecurityHeaders = async (app: NestFastifyApplication): Promise<void> => {
  // Nest's adapter is typed against its own copy of fastify, the plugin against the root one: same runtime API.
  await app.register(helmet as unknown as Parameters<NestFastifyApplication['register']>[0], securityHeaderOptions);
};
