import { Injectable } from '@nestjs/common';
import { EventStore } from '@abide/event-store';
import { decideConfirmEmail, foldUser, type UserState } from '../../accounts/domain/user.decider';
import { UserStream, userStreamId } from '../../accounts/user-stream';

/** Appends `identity.user.email-confirmed` once per account (a second confirmation appends nothing). */
@Injectable()
export class ConfirmEmailHandler {
  constructor(
    private readonly stream: UserStream,
    private readonly eventStore: EventStore,
  ) {}

  async execute(userId: string, correlationId: string): Promise<void> {
    await this.stream.execute(userId, (state) => decideConfirmEmail(state, userId, new Date()), { correlationId });
  }

  /** The write-side truth (the stream), for sign-in's "is the e-mail confirmed" and "is the account deleted". */
  async statusOf(userId: string): Promise<UserState> {
    return foldUser(await this.eventStore.load(userStreamId(userId)));
  }
}
