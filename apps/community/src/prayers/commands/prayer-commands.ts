import { Injectable } from '@nestjs/common';
import { CommandRunner, type NewEvent } from '@abide/event-store';
import { v7 as uuidv7 } from 'uuid';
import { GroupCommands, type Meta } from '../../groups/commands/group-commands';
import { assertMember, isLeader } from '../../groups/domain/group.decider';
import { denied } from '../../groups/domain/group-denied';
import {
  assertVisible,
  decideAnswer,
  decideHide,
  decidePost,
  decidePray,
  decideRemove,
  prayerDecider,
  type PrayerOutcome,
  type PrayerState,
} from '../domain/prayer.decider';
import { PrayerTexts } from '../prayer-texts';

export const prayerStreamId = (prayerId: string) => `prayer-${prayerId}`;

/**
 * Write side of prayer requests: one stream per request; membership and leadership come from the group's stream. The
 * author's words are sealed with the author's key into the events appended (and published).
 */
@Injectable()
export class PrayerCommands {
  constructor(
    private readonly runner: CommandRunner,
    private readonly groups: GroupCommands,
    private readonly texts: PrayerTexts,
  ) {}

  async post(userId: string, groupId: string, input: { text: string; anonymous: boolean }, meta: Meta): Promise<string> {
    await this.viewer(userId, groupId);
    const prayerId = uuidv7();
    await this.run(prayerId, (s) => decidePost(s, { prayerId, groupId, authorId: userId, ...input }), meta);
    return prayerId;
  }

  async pray(userId: string, groupId: string, prayerId: string, meta: Meta): Promise<void> {
    const viewer = await this.viewer(userId, groupId);
    await this.run(prayerId, (s) => (assertVisible(s, groupId, viewer), decidePray(s, userId)), meta);
  }

  async answer(userId: string, groupId: string, prayerId: string, testimony: string, meta: Meta): Promise<void> {
    const viewer = await this.viewer(userId, groupId);
    await this.run(
      prayerId,
      async (s) => {
        assertVisible(s, groupId, viewer);
        const current = s.sealedTestimony && (await this.texts.open(s.authorId, s.prayerId, 'testimony', s.sealedTestimony));
        return decideAnswer(s, userId, testimony, current);
      },
      meta,
    );
  }

  async hide(userId: string, groupId: string, prayerId: string, meta: Meta): Promise<void> {
    const viewer = await this.viewer(userId, groupId);
    if (!viewer.leader) throw denied.forbidden('Only the group’s owner and co-leaders can hide a prayer request.');
    await this.run(prayerId, (s) => (assertVisible(s, groupId, viewer), decideHide(s, userId)), meta);
  }

  async remove(userId: string, groupId: string, prayerId: string, meta: Meta): Promise<void> {
    const viewer = await this.viewer(userId, groupId);
    await this.run(prayerId, (s) => (assertVisible(s, groupId, viewer), decideRemove(s, userId)), meta);
  }

  /** Account deletion: the author's requests leave the group. */
  async removeByAuthorDeletion(prayerId: string, authorId: string, meta: Meta): Promise<void> {
    await this.run(prayerId, (s) => (s.exists && s.authorId === authorId ? decideRemove(s, 'system', { system: true }) : []), meta);
  }

  /** Members only: 404 for a private group's outsiders, 403 for a public group's. */
  async viewer(userId: string, groupId: string): Promise<{ userId: string; leader: boolean }> {
    const group = await this.groups.load(groupId);
    assertMember(group, userId);
    return { userId, leader: isLeader(group, userId) };
  }

  /** Through the command runner: the request's state comes from its stream head's snapshot, one read however long its history. */
  private async run(
    prayerId: string,
    decide: (state: PrayerState) => PrayerOutcome[] | Promise<PrayerOutcome[]>,
    meta: Meta,
  ): Promise<void> {
    await this.runner.run(
      prayerStreamId(prayerId),
      prayerDecider,
      async (s) => Promise.all((await decide(s)).map((e) => this.sealed(e))),
      meta,
    );
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
