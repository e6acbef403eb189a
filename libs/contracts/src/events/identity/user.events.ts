import { z } from 'zod';

export const userRegisteredV1 = z.object({
  userId: z.string().min(1),
  name: z.string().min(1).max(120),
  email: z.string().email(),
  roles: z.array(z.enum(['user', 'moderator', 'admin'])).min(1),
  registeredAt: z.string().datetime({ offset: true }),
});

export const identityUserEvents = {
  'identity.user.registered': { schemaVersion: 1, schema: userRegisteredV1 },
} as const;
