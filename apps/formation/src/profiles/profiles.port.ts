import type { FormationProfile } from '@abide/contracts';

/** What other formation features may use of profiles (docs/structure.md, "Ports"): a member's profile, for "Download my data". */
export abstract class ProfileExportQuery {
  abstract findByUser(userId: string): Promise<FormationProfile | null>;
}
