/**
 * What groups ask of churches (docs/structure.md): whether someone administers a church, from the church's stream.
 * Churches answer it (the app module provides their answer under CHURCH_ADMINS), so groups never import churches.
 */
export interface ChurchAdmins {
  /** Refuses anyone who is not an admin of the church (404 for a closed or unknown church, else 403), in the church's words. */
  assertAdmin(churchId: string, userId: string): Promise<void>;
  isAdmin(churchId: string, userId: string): Promise<boolean>;
}

export const CHURCH_ADMINS = Symbol('CHURCH_ADMINS');
