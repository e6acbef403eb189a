/**
 * What groups ask of churches (docs/structure.md, "Ports"): whether someone administers a church, from the church's
 * stream. Churches answer it (app.module.ts binds ChurchMembership to it), so groups never import churches.
 */
export abstract class ChurchAdmins {
  /** Refuses anyone who is not an admin of the church (404 for a closed or unknown church, else 403), in the church's words. */
  abstract assertAdmin(churchId: string, userId: string): Promise<void>;
  abstract isAdmin(churchId: string, userId: string): Promise<boolean>;
}
