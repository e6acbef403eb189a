import { z } from 'zod';

export const formationProfileCreatedV1 = z.object({
  userId: z.string().min(1),
  displayName: z.string().min(1),
});

export const formationProfileRenamedV1 = z.object({ userId: z.string().min(1), displayName: z.string().min(1) });

export const formationProfileEvents = {
  'formation.profile.created': { schemaVersion: 1, schema: formationProfileCreatedV1 },
  'formation.profile.renamed': { schemaVersion: 1, schema: formationProfileRenamedV1 },
} as const;
