import { Controller, Get } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { type AuthUser, CurrentUser } from '@abide/auth';
import { ChurchesExportQuery } from '../churches/churches.port';
import { GroupLookup, GroupRosters } from '../groups/groups.port';
import { GroupsOfMember } from '../memberships/memberships.port';
import { groupsOf } from '../memberships/membership-model.port';
import { PrayersByAuthor, PrayerWords } from '../prayers/prayers.port';

/** Community's part of "Download my data": the caller's groups, churches, memberships, join requests, prayer requests and ratings. Internal: identity's GET /account/export gathers it with the caller's token. */
@ApiExcludeController()
@Controller('account')
export class AccountExportController {
  constructor(
    private readonly groups: GroupLookup,
    private readonly memberGroups: GroupsOfMember,
    private readonly rosters: GroupRosters,
    private readonly prayers: PrayersByAuthor,
    private readonly churches: ChurchesExportQuery,
    private readonly prayerTexts: PrayerWords,
  ) {}

  @Get('export')
  async export(@CurrentUser() caller: AuthUser) {
    const [mine, prayers, ratings, churches] = await Promise.all([
      this.memberGroups.read(caller.id),
      this.prayers.byAuthor(caller.id),
      this.rosters.ratingsBy(caller.id),
      this.churches.exportFor(caller.id),
    ]);
    const memberships = groupsOf(mine);
    const requests = Object.values(mine.requests).map((r) => ({ ...r, status: 'pending' as const }));
    const [groups, prayerWords] = await Promise.all([
      Promise.all(memberships.map((m) => this.groups.find(m.groupId))),
      Promise.all(prayers.map((p) => this.prayerTexts.openRequest(p))),
    ]);
    const nameOf = new Map(groups.filter((g) => g !== null).map((g) => [g._id, g.name]));
    return {
      groups: groups
        .filter((g) => g !== null)
        .map((g) => ({
          id: g._id,
          name: g.name,
          description: g.description,
          isPublic: g.isPublic,
          meeting: g.meeting ?? null,
          owned: g.ownerId === caller.id,
        })),
      memberships: memberships.map((m) => ({
        groupId: m.groupId,
        groupName: nameOf.get(m.groupId) ?? null,
        role: m.role,
        joinedAt: new Date(m.joinedAt).toISOString(),
      })),
      joinRequests: requests.map((r) => ({ groupId: r.groupId, status: r.status, requestedAt: new Date(r.requestedAt).toISOString() })),
      // The caller's own words, opened with their key.
      prayerRequests: prayers.flatMap((p, i) => {
        const words = prayerWords[i];
        return words
          ? [
              {
                id: p._id,
                groupId: p.groupId,
                text: words.text,
                anonymous: p.anonymous,
                prayedCount: p.prayedBy.length,
                answered: p.answered,
                testimony: words.testimony,
                hidden: p.hidden,
                createdAt: new Date(p.createdAt).toISOString(),
              },
            ]
          : [];
      }),
      meetingRatings: ratings.map((r) => ({ groupId: r.groupId, weekStart: r.weekStart, rating: r.rating })),
      churchMemberships: churches.memberships,
      churchJoinRequests: churches.requests,
    };
  }
}
