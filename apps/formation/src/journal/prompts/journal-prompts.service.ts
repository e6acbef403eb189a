import { Inject, Injectable, Optional } from '@nestjs/common';
import type { Connection, Model } from 'mongoose';
import { CLOCK, type Clock } from '../../config/clock';
import { MemberProjection } from '../../members/members.port';
import { localDateOf } from '@abide/calendar';
import { newPrompt, promptOfTheDay, RECENT_PROMPTS_EXCLUDED, scriptureForPrompt } from '../domain/prompt-picker';
import { JOURNAL_CONNECTION } from '../journal-store';
import { type PromptHistoryView, promptHistorySchema } from '../projections/journal-entry.schema';

// Kept a little longer than the excluded window, so the window is always full once a member has used it.
const HISTORY_KEPT = RECENT_PROMPTS_EXCLUDED * 2;

/** 'Today's Reflection Prompt' and 'Generate New Prompt', remembered per member so the last ten never come back. */
@Injectable()
export class JournalPromptsService {
  private readonly history: Model<PromptHistoryView>;

  constructor(
    @Inject(JOURNAL_CONNECTION) connection: Connection,
    private readonly members: MemberProjection,
    @Optional() @Inject(CLOCK) private readonly clock: Clock = () => new Date(),
  ) {
    this.history = connection.models.PromptHistoryView ?? connection.model<PromptHistoryView>('PromptHistoryView', promptHistorySchema);
  }

  async prompt(userId: string, options: { fresh: boolean }) {
    const now = this.clock();
    const date = localDateOf(now, await this.members.timeZoneOf(userId));
    const recent = (await this.history.findById(userId).lean<PromptHistoryView>())?.recent ?? [];
    const chosen = options.fresh
      ? newPrompt({ memberId: userId, date, recentPromptIds: recent })
      : promptOfTheDay({ memberId: userId, date });
    if (recent.at(-1) !== chosen.id) {
      // Read-modify-write: two tabs asking at the same instant may both be remembered in either order; harmless.
      await this.history.updateOne(
        { _id: userId },
        { $set: { recent: [...recent, chosen.id].slice(-HISTORY_KEPT), updatedAt: now } },
        { upsert: true },
      );
    }
    const scripture = scriptureForPrompt({ prompt: chosen, memberId: userId, date });
    return { prompt: chosen.text, scripture: { reference: scripture.reference, why: scripture.reason } };
  }

  async purge(userId: string): Promise<void> {
    await this.history.deleteOne({ _id: userId });
  }
}
