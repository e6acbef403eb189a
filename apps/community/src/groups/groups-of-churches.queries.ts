import { Injectable } from '@nestjs/common';
import { groupIdsOf } from './domain/church-groups';
import { ChurchGroupsProjection } from './projections/church-groups.projection';
import type { GroupView } from './projections/group.schema';
import { GroupProjection } from './projections/group.projection';

/** The groups that belong to churches: a church's page, its admins' list and dashboard, "My church" in Discover. */
@Injectable()
export class GroupsOfChurches {
  constructor(
    private readonly churchGroups: ChurchGroupsProjection,
    private readonly groups: GroupProjection,
  ) {}

  /** The groups of these churches that still have members, newest first: keyed reads per church and per group. */
  async of(churchIds: readonly string[]): Promise<GroupView[]> {
    const docs = await Promise.all(churchIds.map((id) => this.churchGroups.read(id)));
    const ids = [...new Set(docs.flatMap(groupIdsOf))];
    const views = await Promise.all(ids.map((id) => this.groups.find(id)));
    return views
      .filter((v): v is GroupView => v !== null && v.memberCount > 0 && churchIds.includes(v.churchId ?? ''))
      .sort((a, b) => new Date(b.createdAt).getTime() - new Date(a.createdAt).getTime() || a._id.localeCompare(b._id));
  }
}
