import { Inject, Injectable, Optional } from '@nestjs/common';
import { unchanged, VersionedDocuments } from '@abide/event-store';
import type { Connection } from 'mongoose';
import { CLOCK, type Clock } from '../../config/clock';
import { MemberQueries } from '../../members/members.port';
import { localDateOf } from '@abide/calendar';
import { newPrompt, promptOfTheDay, RECENT_PROMPTS_EXCLUDED, scriptureForPrompt } from '../domain/prompt-picker';
import { JOURNAL_CONNECTION } from '../journal-store';

// Kept a little longer than the excluded window, so the window is always full once a member has used it.
const HISTORY_KEPT = RECENT_PROMPTS_EXCLUDED * 2;

/**
 * 'Today's Reflection Prompt' and 'Generate New Prompt', remembered per member so the last ten never come back: the ids
 * shown, newest last, one document per member written by compare-and-set, so two tabs (or two instances) asking at the
 * same moment are both remembered. (Rows written before kept a `recent` field it does not read: that history starts
 * again at the first prompt after the change.)
 */
@Injectable()
export class JournalPromptsService {
  private readonly history: VersionedDocuments<string[]>;

  constructor(
    @Inject(JOURNAL_CONNECTION) connection: Connection,
    private readonly members: MemberQueries,
    @Optional() @Inject(CLOCK) private readonly clock: Clock = () => new Date(),
  ) {
    this.history = new VersionedDocuments(connection, 'journal_prompt_history');
  }

  async prompt(userId: string, options: { fresh: boolean }) {
    const now = this.clock();
    const date = localDateOf(now, await this.members.timeZoneOf(userId));
    const today = promptOfTheDay({ memberId: userId, date });
    let chosen = today;
    // Chosen inside the compare-and-set, so a request that lost the race to another tab or instance chooses again from
    // what that one recorded. A new prompt is never today's prompt, whichever of the two was recorded first.
    await this.history.update(userId, (shown) => {
      const recent = shown ?? [];
      chosen = options.fresh ? newPrompt({ memberId: userId, date, recentPromptIds: [...recent, today.id] }) : today;
      return recent.at(-1) === chosen.id ? unchanged : [...recent, chosen.id].slice(-HISTORY_KEPT);
    });
    const scripture = scriptureForPrompt({ prompt: chosen, memberId: userId, date });
    return { prompt: chosen.text, scripture: { reference: scripture.reference, why: scripture.reason } };
  }

  async purge(userId: string): Promise<void> {
    await this.history.model.deleteOne({ _id: userId });
  }
}
