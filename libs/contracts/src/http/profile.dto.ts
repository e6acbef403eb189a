import { z } from 'zod';

/** The formation service's view of a member, built from identity's events. */
export const formationProfileSchema = z.object({
  userId: z.string(),
  displayName: z.string(),
  createdAt: z.string(),
});
export type FormationProfile = z.infer<typeof formationProfileSchema>;
