import { Injectable } from '@nestjs/common';
import {
  type ChurchDetail,
  type ChurchGroupList,
  churchMessages,
  type ChurchPortal,
  type ChurchRole,
  type ChurchSummary,
  errorCodes,
  formatJoinCode,
  type MyChurches,
  Refusal,
} from '@abide/contracts';
import { GroupsInChurches } from '../groups/groups.port';
import { ChurchesOfMember } from '../memberships/memberships.port';
import { churchesOf, pendingChurchRequests } from '../memberships/membership-model.port';
import { ChurchCommands } from './commands/church.commands';
import { ChurchClaims } from './commands/church-claims';
import { assertAdmin, assertMember, roleIn } from './domain/church.decider';
import { type ChurchPage, isOpenPage } from './domain/church-page';
import { ChurchLogos } from './projections/church-logos';
import { ChurchPageProjection } from './projections/church-page.projection';

const notFound = () => new Refusal(errorCodes.notFound, `${churchMessages.church} was not found.`);

/** Read side of churches: every answer is a handful of reads by key (the church, the member, the church's groups). */
@Injectable()
export class ChurchQueries {
  constructor(
    private readonly pages: ChurchPageProjection,
    private readonly memberChurches: ChurchesOfMember,
    private readonly logos: ChurchLogos,
    private readonly claims: ChurchClaims,
    private readonly commands: ChurchCommands,
    private readonly groups: GroupsInChurches,
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
    const [logoUrl, groups] = await Promise.all([this.logos.urlOf(churchId), this.groups.of([churchId])]);
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

  /** The church's groups for its admins, private ones included, by name: the church's groups, then each group, by key. */
  async groupList(callerId: string, churchId: string): Promise<ChurchGroupList> {
    assertAdmin(await this.commands.load(churchId), callerId);
    const groups = await this.groups.of([churchId]);
    return {
      items: groups
        .map((g) => ({ id: g._id, name: g.name, isPublic: g.isPublic }))
        .sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id)),
    };
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
