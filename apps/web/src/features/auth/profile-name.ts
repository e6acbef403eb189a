/** A missing profile is created from the user's name, else the e-mail's local part, else 'User'. */
export function profileNameFor(user: { name?: string | null; email?: string | null } | null | undefined): string {
  const name = user?.name?.trim();
  if (name) return name;
  const local = user?.email?.split('@')[0]?.trim();
  return local || 'User';
}
