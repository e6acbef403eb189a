import { Injectable } from '@nestjs/common';
import type { PrayerRequest } from '@abide/contracts';
import { DomainError } from '@abide/platform';
import { MembershipRosters } from '../memberships/memberships.port';
import { PrayerCommands } from './commands/prayer.commands';
import { prayerMessages } from './domain/prayer.decider';
import { PrayerTexts } from './prayer-texts';
import { type PrayerView, PrayerProjection } from './projections/prayer.projection';

/**
 * Prayer requests as members see them: anonymous ones name no one (except to their author). Their words are opened
 * with each author's key, here, only for a member the group lets read them.
 */
@Injectable()
export class PrayerQueries {
  constructor(
    private readonly prayers: PrayerProjection,
    private readonly commands: PrayerCommands,
    private readonly memberships: MembershipRosters,
    private readonly texts: PrayerTexts,
  ) {}

  async list(callerId: string, groupId: string): Promise<PrayerRequest[]> {
    const viewer = await this.commands.viewer(callerId, groupId);
    // Hidden requests stay visible to the leaders (who hid them) and to their author, marked hidden.
    const views = (await this.prayers.ofGroup(groupId)).filter((p) => !p.hidden || viewer.leader || p.authorId === callerId);
    return this.present(callerId, views);
  }

  async one(callerId: string, groupId: string, prayerId: string): Promise<PrayerRequest> {
    const viewer = await this.commands.viewer(callerId, groupId);
    const view = await this.prayers.find(prayerId);
    if (!view || view.removed || view.groupId !== groupId || (view.hidden && !viewer.leader && view.authorId !== callerId)) {
      throw DomainError.notFound(prayerMessages.notFound);
    }
    const [request] = await this.present(callerId, [view]);
    if (!request) throw DomainError.notFound(prayerMessages.notFound);
    return request;
  }

  private async present(callerId: string, views: readonly PrayerView[]): Promise<PrayerRequest[]> {
    const [names, words] = await Promise.all([
      this.memberships.names([...new Set(views.map((v) => v.authorId))]),
      Promise.all(views.map((v) => this.texts.openRequest(v))),
    ]);
    // A request whose author erased their account a moment ago (its words unreadable now) is as good as gone.
    return views.flatMap((v, i) => {
      const opened = words[i];
      if (!opened) return [];
      const isAuthor = v.authorId === callerId;
      return {
        id: v._id,
        groupId: v.groupId,
        text: opened.text,
        authorName: v.anonymous && !isAuthor ? null : (names.get(v.authorId) ?? null),
        anonymous: v.anonymous,
        isAuthor,
        prayedCount: v.prayedBy.length,
        prayedByMe: v.prayedBy.includes(callerId),
        answered: v.answered,
        testimony: v.answered ? opened.testimony : null,
        hidden: v.hidden,
        createdAt: new Date(v.createdAt).toISOString(),
      };
    });
  }
}
