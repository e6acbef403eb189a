/**
 * What resources and logos read of the directory (other services' members, groups and churches): who belongs where,
 * and the names to show. Provided by `Directory`.
 */
export abstract class DirectoryQueries {
  /** The churches the member belongs to, with their role in each. */
  abstract churchesOf(userId: string): Promise<Map<string, 'admin' | 'member'>>;
  abstract churchNames(churchIds: readonly string[]): Promise<Map<string, string>>;
  abstract groupsOf(userId: string): Promise<string[]>;
  abstract isMember(groupId: string, userId: string): Promise<boolean>;
  abstract groupNames(groupIds: readonly string[]): Promise<Map<string, string>>;
  /** Members' names by id (one read by key each); a member the library never heard of is absent. */
  abstract namesOf(userIds: readonly string[]): Promise<Map<string, string | null>>;
}
