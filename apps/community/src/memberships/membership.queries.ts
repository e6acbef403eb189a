import { Inject, Injectable } from '@nestjs/common';
import { errorCodes, Refusal } from '@abide/contracts';
import { MemberActivityQueries } from '../activity/activity.port';
import type { MembershipKind, RoleOf } from './domain/membership';
import { MEMBERSHIP_AGGREGATES, type MembershipAggregates } from './membership-aggregates';

/** A member or a requester as a group's leaders and a church's admins see them: with their name (null when unknown). */
export interface NamedMember<R extends string = string> {
  userId: string;
  name: string | null;
  role: R;
  joinedAt: string;
}
export interface NamedRequest {
  id: string;
  userId: string;
  name: string | null;
  requestedAt: string;
}

/** Read side of membership for groups and churches alike: who belongs and who waits, each by name. */
@Injectable()
export class MembershipQueries {
  constructor(
    @Inject(MEMBERSHIP_AGGREGATES) private readonly aggregates: MembershipAggregates,
    private readonly people: MemberActivityQueries,
  ) {}

  async members<K extends MembershipKind>(kind: K, callerId: string, id: string): Promise<Array<NamedMember<RoleOf<K>>>> {
    const members: Array<{ userId: string; role: RoleOf<K>; joinedAt: string }> = await this.aggregates[kind].members(callerId, id);
    const names = await this.names(members.map((m) => m.userId));
    return members.map((m) => ({ userId: m.userId, name: names.get(m.userId) ?? null, role: m.role, joinedAt: m.joinedAt }));
  }

  /** One member, after a change of their role: the list's entry for them. */
  async member<K extends MembershipKind>(kind: K, callerId: string, id: string, userId: string): Promise<NamedMember<RoleOf<K>>> {
    const member = (await this.members(kind, callerId, id)).find((m) => m.userId === userId);
    if (!member) throw new Refusal(errorCodes.notFound, 'This member was not found.');
    return member;
  }

  async requests(kind: MembershipKind, callerId: string, id: string): Promise<NamedRequest[]> {
    const requests = await this.aggregates[kind].requests(callerId, id);
    const names = await this.names(requests.map((r) => r.userId));
    return requests.map((r) => ({ id: r.id, userId: r.userId, name: names.get(r.userId) ?? null, requestedAt: r.requestedAt }));
  }

  /** Members' names as community last learnt them from identity: one read by key each. */
  async names(userIds: readonly string[]): Promise<Map<string, string | null>> {
    return new Map((await this.people.peopleByIds(userIds)).map((p) => [p._id, p.name]));
  }
}
