import { Injectable } from '@nestjs/common';
import {
  type ChurchDetail,
  type ChurchGroupList,
  type ChurchJoinRequest,
  type ChurchMember,
  churchMessages,
  type ChurchPortal,
  type ChurchRole,
  type ChurchSummary,
  errorCodes,
  formatJoinCode,
  type MyChurches,
  Refusal,
} from '@abide/contracts';
import { GroupFigures } from '../groups/group-figures.service';
import type { GroupView } from '../groups/projections/group.schema';
import { GroupProjection } from '../groups/projections/group.projection';
import { ChurchCommands } from './commands/church-commands';
import { ChurchClaims } from './commands/church-claims';
import { assertAdmin, assertMember, roleIn } from './domain/church.decider';
import { type ChurchPage, isOpenPage, pageMembers, pageRequests } from './domain/church-page';
import { groupIdsOf } from './domain/church-groups';
import { churchesOf, pendingChurchRequests } from './domain/member-churches';
import { ChurchGroupsProjection } from './projections/church-groups.projection';
import { ChurchLogos } from './projections/church-logos';
import { ChurchPageProjection } from './projections/church-page.projection';
import { MemberChurchesProjection } from './projections/member-churches.projection';

const notFound = () => new Refusal(errorCodes.notFound, `${churchMessages.church} was not found.`);

/** Read side of churches: every answer is a handful of reads by key (the church, the member, the church's groups). */
@Injectable()
export class ChurchQueries {
  constructor(
    private readonly pages: ChurchPageProjection,
    private readonly memberChurches: MemberChurchesProjection,
    private readonly churchGroups: ChurchGroupsProjection,
    private readonly logos: ChurchLogos,
    private readonly claims: ChurchClaims,
    private readonly commands: ChurchCommands,
    private readonly groups: GroupProjection,
    private readonly figures: GroupFigures,
  ) {}

  /** My Churches, the frame's branding and switcher: oldest membership first, and the requests still waiting. */
  async mine(callerId: string): Promise<MyChurches> {
    const doc = await this.memberChurches.read(callerId);
    const items = await Promise.all(
      churchesOf(doc).map(async ({ churchId, role }) => this.summaryOf(churchId, await this.pages.read(churchId), role)),
    );
    return { items: items.filter((c): c is ChurchSummary => c !== null), requests: pendingChurchRequests(doc) };
  }

  async summary(callerId: string, churchId: string): Promise<ChurchSummary> {
    const page = await this.pages.read(churchId);
    const role = page.members[callerId]?.role;
    const summary = role ? await this.summaryOf(churchId, page, role) : null;
    if (!summary) throw notFound();
    return summary;
  }

  /** The public page: anyone may read it, signed in or not; only public groups that still meet are listed. */
  async portal(slug: string): Promise<ChurchPortal> {
    const churchId = await this.claims.churchOfSlug(slug.toLowerCase());
    const page = churchId ? await this.pages.read(churchId) : null;
    if (!churchId || !page || !isOpenPage(page) || page.slug !== slug.toLowerCase()) throw notFound();
    const [logoUrl, groups] = await Promise.all([this.logos.urlOf(churchId), this.groupsOf([churchId])]);
    return {
      id: churchId,
      slug: page.slug,
      name: page.name,
      welcome: page.welcome,
      primaryColor: page.primaryColor,
      logoUrl,
      timeZone: page.timeZone,
      memberCount: Object.keys(page.members).length,
      groups: groups
        .filter((g) => g.isPublic)
        .map((g) => ({ id: g._id, name: g.name, description: g.description, memberCount: g.memberCount, meeting: g.meeting ?? null })),
    };
  }

  /** Members see their church; admins also its join code. Roles come from the church's stream. */
  async detail(callerId: string, churchId: string): Promise<ChurchDetail> {
    const state = await this.commands.load(churchId);
    assertMember(state, callerId);
    const page = await this.pages.read(churchId);
    const role = roleIn(state, callerId)!;
    const summary = await this.summaryOf(churchId, page, role);
    if (!summary) throw notFound();
    const admin = role === 'admin';
    return {
      ...summary,
      // The stream is the truth: the read model may be a moment behind the command that just ran.
      name: state.name,
      slug: state.slug,
      primaryColor: state.primaryColor,
      welcome: state.welcome,
      timeZone: state.timeZone,
      memberCount: state.members.size,
      joinCode: admin ? formatJoinCode(state.joinCode) : null,
      pendingRequests: admin ? state.pending.size : 0,
    };
  }

  async members(callerId: string, churchId: string): Promise<ChurchMember[]> {
    assertAdmin(await this.commands.load(churchId), callerId);
    const members = pageMembers(await this.pages.read(churchId));
    const names = await this.figures.names(members.map((m) => m.userId));
    return members.map((m) => ({ userId: m.userId, name: names.get(m.userId) ?? null, role: m.role, joinedAt: m.joinedAt }));
  }

  /** The church's groups for its admins, private ones included, by name: the church's groups, then each group, by key. */
  async groupList(callerId: string, churchId: string): Promise<ChurchGroupList> {
    assertAdmin(await this.commands.load(churchId), callerId);
    const groups = await this.groupsOf([churchId]);
    return {
      items: groups
        .map((g) => ({ id: g._id, name: g.name, isPublic: g.isPublic }))
        .sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id)),
    };
  }

  async requests(callerId: string, churchId: string): Promise<ChurchJoinRequest[]> {
    assertAdmin(await this.commands.load(churchId), callerId);
    const requests = pageRequests(await this.pages.read(churchId));
    const names = await this.figures.names(requests.map((r) => r.userId));
    return requests.map((r) => ({ id: r.id, userId: r.userId, name: names.get(r.userId) ?? null, requestedAt: r.requestedAt }));
  }

  /** "Download my data": the caller's churches (name, address, role, since when) and requests waiting. */
  async exportFor(callerId: string) {
    const doc = await this.memberChurches.read(callerId);
    const memberships = await Promise.all(
      churchesOf(doc).map(async ({ churchId, role, joinedAt }) => {
        const page = await this.pages.read(churchId);
        return { churchId, name: page.name || null, slug: page.slug || null, role, joinedAt };
      }),
    );
    return { memberships, requests: pendingChurchRequests(doc) };
  }

  /** The ids of the caller's churches (for "My church" in Discover). */
  async churchIdsOf(callerId: string): Promise<string[]> {
    return churchesOf(await this.memberChurches.read(callerId)).map((c) => c.churchId);
  }

  /** The groups of these churches that still have members, newest first: keyed reads per church and per group. */
  async groupsOf(churchIds: readonly string[]): Promise<GroupView[]> {
    const docs = await Promise.all(churchIds.map((id) => this.churchGroups.read(id)));
    const ids = [...new Set(docs.flatMap(groupIdsOf))];
    const views = await Promise.all(ids.map((id) => this.groups.find(id)));
    return views
      .filter((v): v is GroupView => v !== null && v.memberCount > 0 && churchIds.includes(v.churchId ?? ''))
      .sort((a, b) => new Date(b.createdAt).getTime() - new Date(a.createdAt).getTime() || a._id.localeCompare(b._id));
  }

  private async summaryOf(churchId: string, page: ChurchPage, role: ChurchRole): Promise<ChurchSummary | null> {
    if (!isOpenPage(page)) return null;
    return {
      id: churchId,
      slug: page.slug,
      name: page.name,
      primaryColor: page.primaryColor,
      logoUrl: await this.logos.urlOf(churchId),
      memberCount: Object.keys(page.members).length,
      myRole: role,
    };
  }
}
