import { Injectable } from '@nestjs/common';
import type { PrayerRequest } from '@abide/contracts';
import { DomainError } from '@abide/platform';
import { GroupFigures } from '../groups/group-figures.service';
import { PrayerCommands } from './commands/prayer-commands';
import { prayerMessages } from './domain/prayer.decider';
import { type PrayerView, PrayerProjection } from './projections/prayer.projection';

/** Prayer requests as members see them: anonymous ones name no one (except to their author). */
@Injectable()
export class PrayerQueries {
  constructor(
    private readonly prayers: PrayerProjection,
    private readonly commands: PrayerCommands,
    private readonly figures: GroupFigures,
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
    return (await this.present(callerId, [view]))[0];
  }

  private async present(callerId: string, views: readonly PrayerView[]): Promise<PrayerRequest[]> {
    const names = await this.figures.names([...new Set(views.map((v) => v.authorId))]);
    return views.map((v) => {
      const isAuthor = v.authorId === callerId;
      return {
        id: v._id,
        groupId: v.groupId,
        text: v.text,
        authorName: v.anonymous && !isAuthor ? null : (names.get(v.authorId) ?? null),
        anonymous: v.anonymous,
        isAuthor,
        prayedCount: v.prayedBy.length,
        prayedByMe: v.prayedBy.includes(callerId),
        answered: v.answered,
        testimony: v.answered ? v.testimony : null,
        hidden: v.hidden,
        createdAt: new Date(v.createdAt).toISOString(),
      };
    });
  }
}
