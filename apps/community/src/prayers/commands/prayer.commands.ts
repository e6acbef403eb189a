import { Injectable } from '@nestjs/common';
import { type AppendMeta as Meta, CommandHandler, CommandRunner, type NewEvent } from '@abide/event-store';
import { v7 as uuidv7 } from 'uuid';
import { GroupLeadership } from '../../groups/groups.port';
import { denied } from '../../shared/denied';
import { type OpenPrayerState, type PrayerCommand, prayerDecider, type PrayerOutcome, type PrayerState } from '../domain/prayer.decider';
import { PrayerTexts } from '../prayer-texts';

export const prayerStreamId = (prayerId: string) => `prayer-${prayerId}`;

/**
 * Write side of prayer requests: one stream per request; membership and leadership come from the group's stream. The
 * author's words are sealed with the author's key into the events appended (and published).
 */
@Injectable()
export class PrayerCommands {
  private readonly prayers: CommandHandler<PrayerCommand, PrayerState>;

  constructor(
    runner: CommandRunner,
    private readonly groups: GroupLeadership,
    private readonly texts: PrayerTexts,
  ) {
    this.prayers = CommandHandler.sealed(
      runner,
      prayerDecider,
      { streamOf: (command) => prayerStreamId(command.prayerId) },
      { open: (state, command) => this.opened(state, command), seal: (decided) => Promise.all(decided.map((e) => this.sealed(e))) },
    );
  }

  async post(userId: string, groupId: string, input: { text: string; anonymous: boolean }, meta: Meta): Promise<string> {
    await this.viewer(userId, groupId);
    const prayerId = uuidv7();
    await this.prayers.handle({ type: 'PostPrayer', prayerId, groupId, authorId: userId, ...input }, meta);
    return prayerId;
  }

  async pray(userId: string, groupId: string, prayerId: string, meta: Meta): Promise<void> {
    const viewer = await this.viewer(userId, groupId);
    await this.prayers.handle({ type: 'PrayFor', prayerId, groupId, viewer }, meta);
  }

  async answer(userId: string, groupId: string, prayerId: string, testimony: string, meta: Meta): Promise<void> {
    const viewer = await this.viewer(userId, groupId);
    await this.prayers.handle({ type: 'AnswerPrayer', prayerId, groupId, viewer, testimony }, meta);
  }

  async hide(userId: string, groupId: string, prayerId: string, meta: Meta): Promise<void> {
    const viewer = await this.viewer(userId, groupId);
    if (!viewer.leader) throw denied.forbidden('Only the group’s owner and co-leaders can hide a prayer request.');
    await this.prayers.handle({ type: 'HidePrayer', prayerId, groupId, viewer }, meta);
  }

  async remove(userId: string, groupId: string, prayerId: string, meta: Meta): Promise<void> {
    const viewer = await this.viewer(userId, groupId);
    await this.prayers.handle({ type: 'RemovePrayer', prayerId, groupId, viewer }, meta);
  }

  /** Account deletion: the author's requests leave the group. */
  async removeByAuthorDeletion(prayerId: string, authorId: string, meta: Meta): Promise<void> {
    await this.prayers.handle({ type: 'RemoveAuthorsPrayer', prayerId, authorId }, meta);
  }

  /** Members only: 404 for a private group's outsiders, 403 for a public group's. */
  async viewer(userId: string, groupId: string): Promise<{ userId: string; leader: boolean }> {
    return { userId, leader: await this.groups.memberLeads(userId, groupId) };
  }

  /** The testimony already given, opened with the author's key, only for an answer (the one decision that reads it). */
  private async opened(state: PrayerState, command: PrayerCommand): Promise<OpenPrayerState> {
    const needed = command.type === 'AnswerPrayer' && state.sealedTestimony;
    const testimony = needed ? await this.texts.open(state.authorId, state.prayerId, 'testimony', state.sealedTestimony as string) : null;
    return { ...state, testimony };
  }

  /** The author's words sealed with their key (for an erased author, MemberErasedError: a 401, and nothing is kept). */
  private async sealed(outcome: PrayerOutcome): Promise<NewEvent> {
    switch (outcome.type) {
      case 'community.prayer.posted': {
        const { text, ...data } = outcome.data;
        return { ...outcome, data: { ...data, sealedText: await this.texts.seal(data.authorId, data.prayerId, 'text', text) } };
      }
      case 'community.prayer.answered': {
        const { testimony, ...data } = outcome.data;
        return {
          ...outcome,
          data: { ...data, sealedTestimony: await this.texts.seal(data.authorId, data.prayerId, 'testimony', testimony) },
        };
      }
      default:
        return outcome;
    }
  }
}
