import type { Role } from '@abide/contracts';

// Who may open the staff pages: the frame shows their links by these rules and the pages refuse by the same ones.
const reviewerRoles: ReadonlySet<string> = new Set<Role>(['moderator', 'admin']);

/** The Review Queue is for moderators and admins. */
export function canReview(roles: readonly string[] | undefined): boolean {
  return (roles ?? []).some((role) => reviewerRoles.has(role));
}

/** Operations is for admins only (moderators review content, they do not run the services). */
export function canOperate(roles: readonly string[] | undefined): boolean {
  return (roles ?? []).includes('admin' satisfies Role);
}
