import { Injectable } from '@nestjs/common';
import type { CommandMeta } from '../member-lifecycle';
import { MemberStream } from './member-stream.commands';

/** The member changes other features may ask for: rest days (habits) and the e-mail unsubscribe link (nudges). */
@Injectable()
export class MemberCommands {
  constructor(private readonly stream: MemberStream) {}

  /** Community's membership choice for one church: the curriculum progress follows it (#26). */
  async setChurchSharing(userId: string, churchId: string, shares: boolean, meta: CommandMeta): Promise<void> {
    await this.stream.handle({ type: 'SetChurchSharing', userId, churchId, shares }, meta);
  }

  async setRestDays(userId: string, weekdays: readonly number[], meta: CommandMeta): Promise<void> {
    await this.stream.handle({ type: 'SetRestDays', userId, weekdays }, meta);
  }

  /** False when formation knows no such member (never registered, or deleted). */
  async unsubscribeEmail(userId: string, at: Date, meta: CommandMeta): Promise<boolean> {
    await this.stream.handle({ type: 'UnsubscribeEmail', userId, unsubscribedAt: at.toISOString() }, meta);
    const state = await this.stream.load(userId);
    return state.exists && !state.deleted;
  }
}
