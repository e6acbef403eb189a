import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';

/**
 * The headers every gateway answer carries, API and Swagger UI alike (the gateway is where the API meets the internet):
 * no MIME sniffing, never framed, no referrer sent, and a Content-Security-Policy that lets Swagger UI load its own
 * scripts from the gateway and nothing else (its page has no inline script, see docs/openapi.ts). HSTS is on: a
 * browser ignores it over plain-http development and keeps to HTTPS once it has seen it there.
 */
export const securityHeaderOptions: Readonly<HelmetOptions> = {
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
  frameguard: { action: 'deny' },
  referrerPolicy: { policy: 'no-referrer' },
  // The web app (another port in development) may embed what the API serves, e.g. images; other sites may not.
  crossOriginResourcePolicy: { policy: 'same-site' },
  strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
};

/**
 * Headers a service may set for its own answer, which then stand instead of the gateway's defaults: the church logo
 * (library) is served with a sandboxing Content-Security-Policy and `Cross-Origin-Resource-Policy: same-origin`, stricter
 * than the defaults above for an SVG opened on its own. The forwarder passes these on; the raw headers set below are
 * then replaced, since Fastify's headers win over those already set on the raw response.
 */
export const serviceSecurityHeaders: readonly string[] = ['content-security-policy', 'cross-origin-resource-policy'];

/**
 * The headers helmet sets for these options, worked out once: they are the same for every answer (no nonces), and
 * helmet's Fastify plugin rebuilt its middleware — parsing the policy again — on every request, which was the
 * gateway's largest cost of its own on a forwarded call (README, "Load suite").
 */
export const securityHeaders = (options: Readonly<HelmetOptions> = securityHeaderOptions): ReadonlyArray<[string, string]> => {
  const headers = new Map<string, string>();
  const response = {
    setHeader: (name: string, value: unknown) => headers.set(name.toLowerCase(), String(value)),
    removeHeader: (name: string) => headers.delete(name.toLowerCase()),
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return [...headers];
};

/** Sets the headers on every answer before any route runs, so the forwarder's and the live stream's carry them too. */
export const installSecurityHeaders = (app: NestFastifyApplication): void => {
  const headers = securityHeaders();
  app
    .getHttpAdapter()
    .getInstance()
    .addHook('onRequest', (_request, reply, done) => {
      // On the raw response, as helmet does: answers written past Fastify (the live stream) keep them as well.
      for (const [name, value] of headers) reply.raw.setHeader(name, value);
      done();
    });
};
