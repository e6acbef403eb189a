import { Injectable } from '@nestjs/common';
import type { UserState } from './domain/user.decider';
import { UserStream } from './user-stream.commands';

/** Appends `identity.user.email-confirmed` once per account (a second confirmation appends nothing). */
@Injectable()
export class ConfirmEmailHandler {
  constructor(private readonly stream: UserStream) {}

  async execute(userId: string, correlationId: string): Promise<void> {
    await this.stream.handle({ type: 'ConfirmEmail', userId, now: new Date() }, { correlationId });
  }

  /** The write-side truth (the stream), for sign-in's "is the e-mail confirmed" and "is the account deleted". */
  async statusOf(userId: string): Promise<UserState> {
    return (await this.stream.load(userId)).state;
  }
}
