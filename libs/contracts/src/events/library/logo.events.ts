import { z } from 'zod';

/**
 * Events of the library's church-logo aggregate (topic library.logo.v1), one stream per church (`logo-{churchId}`).
 * The library keeps the file (checked, sanitised, size-capped) and serves it publicly at
 * `/api/logos/{churchId}/{logoId}`; community learns the current logo from these to show it on the church's page.
 */
const ids = { churchId: z.string().min(1) };

/** A church admin set a new logo; the one before stops being served. */
export const logoReplacedV1 = z.object({
  ...ids,
  logoId: z.string().min(1),
  contentType: z.enum(['image/png', 'image/jpeg', 'image/svg+xml']),
  bytes: z.number().int().min(1),
  replacedBy: z.string().min(1),
});
/** A church admin took the logo away: the church shows its name alone. */
export const logoRemovedV1 = z.object({ ...ids, logoId: z.string().min(1), removedBy: z.string().min(1) });

export const libraryLogoEvents = {
  'library.logo.replaced': { schemaVersion: 1, schema: logoReplacedV1 },
  'library.logo.removed': { schemaVersion: 1, schema: logoRemovedV1 },
} as const satisfies Record<string, { schemaVersion: number; schema: z.ZodTypeAny }>;
