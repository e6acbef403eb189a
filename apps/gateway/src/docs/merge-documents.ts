import { bearerScheme } from '@abide/platform';
import type { OpenAPIObject } from '@nestjs/swagger';
import { isDeepStrictEqual } from 'node:util';
import { liveDocument } from '../live/live.port';

/** Two services named one thing differently: the merged document would lie about one of them. */
export class DocumentClashError extends Error {
  constructor(readonly clashes: string[]) {
    super(`The services' OpenAPI documents clash: ${clashes.join('; ')}`);
  }
}

const PUBLIC_PREFIX = '/api';

/**
 * The public API document: every service's paths under `/api`, their components merged (a name two services define
 * differently, or a path two services both document, is a clash and fails the merge), one `info`, the bearer scheme.
 */
export const mergeDocuments = (documents: Record<string, OpenAPIObject>): OpenAPIObject => {
  const clashes: string[] = [];
  const paths: OpenAPIObject['paths'] = {};
  const components: Record<string, Record<string, unknown>> = {};
  const owners = new Map<string, string>();
  const tags = new Map<string, { name: string; description?: string }>();

  for (const [service, document] of Object.entries(documents)) {
    for (const [path, item] of Object.entries(document.paths ?? {})) {
      const publicPath = `${PUBLIC_PREFIX}${path}`;
      const existing = paths[publicPath];
      if (existing) {
        const both = Object.keys(item).filter((method) => method in existing);
        if (both.length)
          clashes.push(`${both.join(', ').toUpperCase()} ${publicPath} is documented by ${owners.get(publicPath)} and ${service}`);
      }
      paths[publicPath] = { ...existing, ...item };
      owners.set(publicPath, service);
    }
    for (const [kind, entries] of Object.entries(document.components ?? {})) {
      const merged = (components[kind] ??= {});
      for (const [name, value] of Object.entries(entries as Record<string, unknown>)) {
        const key = `${kind}.${name}`;
        if (name in merged && !isDeepStrictEqual(merged[name], value)) {
          clashes.push(`components.${key} differs between ${owners.get(key)} and ${service}`);
          continue;
        }
        merged[name] = value;
        if (!owners.has(key)) owners.set(key, service);
      }
    }
    for (const tag of document.tags ?? []) if (!tags.has(tag.name)) tags.set(tag.name, tag);
  }
  if (clashes.length) throw new DocumentClashError(clashes);

  return {
    openapi: Object.values(documents)[0]?.openapi ?? '3.0.0',
    info: {
      title: 'Abide API',
      description:
        'The public API of the Abide discipleship platform. Errors are application/problem+json (RFC 9457) and carry a request id.',
      version: '1',
    },
    tags: [...tags.values()],
    paths: Object.fromEntries(Object.entries(paths).sort(([a], [b]) => a.localeCompare(b))),
    components: { ...components, securitySchemes: { ...components.securitySchemes, bearer: bearerScheme } },
  } as OpenAPIObject;
};

/** The public document: the services' documents and the gateway's own route (the live stream), merged. */
export const mergePublicDocument = (services: Record<string, OpenAPIObject>): OpenAPIObject =>
  mergeDocuments({ ...services, gateway: liveDocument });
