import { Inject, Injectable } from '@nestjs/common';
import { errorCodes, type SessionResponse, type SignUpRequest } from '@abide/contracts';
import { EventStore, ProjectionRunner, OutboxRelay } from '@abide/event-store';
import { DomainError, MONGO_CONNECTION } from '@abide/platform';
import type { Connection, Model } from 'mongoose';
import { v7 as uuidv7 } from 'uuid';
import { AccessTokenService } from '../../tokens/access-token.service';
import { decideRegister, foldUser } from '../domain/user.decider';
import { PasswordHasher } from '../password-hasher';
import { type Credentials, credentialsSchema } from '../projections/credentials.schema';
import { UserProjection } from '../projections/user.projection';
import { toUserResponse } from '../dto/user.response';

/** A reservation older than this with no user stream behind it was left by a crash and may be reclaimed. */
const ORPHAN_RESERVATION_MS = 60_000;

export const userStreamId = (userId: string) => `user-${userId}`;

@Injectable()
export class RegisterUserHandler {
  private readonly credentials: Model<Credentials>;

  constructor(
    @Inject(MONGO_CONNECTION) connection: Connection,
    private readonly eventStore: EventStore,
    private readonly projections: ProjectionRunner,
    private readonly relay: OutboxRelay,
    private readonly hasher: PasswordHasher,
    private readonly tokens: AccessTokenService,
    private readonly users: UserProjection,
  ) {
    this.credentials = connection.model<Credentials>('Credentials', credentialsSchema);
  }

  async execute(request: SignUpRequest, correlationId: string): Promise<SessionResponse> {
    const userId = uuidv7();
    const passwordHash = await this.hasher.hash(request.password);
    await this.reserveEmail({ _id: userId, email: request.email, passwordHash, createdAt: new Date() });
    try {
      const streamId = userStreamId(userId);
      const history = await this.eventStore.load(streamId);
      const events = decideRegister(foldUser(history), { userId, name: request.name, email: request.email, now: new Date() });
      const appended = await this.eventStore.append(streamId, history.length, events, { correlationId });
      await this.projections.afterAppend(appended);
      this.relay.kick();
    } catch (error) {
      // Nothing half-written: without the registration event the reservation must go too.
      await this.credentials.deleteOne({ _id: userId });
      throw error;
    }
    const user = await this.users.findById(userId);
    if (!user) throw new Error(`User ${userId} missing from its projection right after registration`);
    const access = await this.tokens.issue({ sub: userId, email: user.email, roles: user.roles as never, sid: uuidv7() });
    return { accessToken: access.token, expiresAt: access.expiresAt.toISOString(), user: toUserResponse(user) };
  }

  private async reserveEmail(doc: Credentials, retried = false): Promise<void> {
    try {
      await this.credentials.create(doc);
    } catch (error) {
      if ((error as { code?: number }).code !== 11000) throw error;
      if (!retried && (await this.reclaimOrphan(doc.email))) return this.reserveEmail(doc, true);
      throw DomainError.conflict('An account with this email already exists. Try signing in instead.', errorCodes.emailTaken);
    }
  }

  private async reclaimOrphan(email: string): Promise<boolean> {
    const existing = await this.credentials.findOne({ email }).lean();
    if (!existing || Date.now() - existing.createdAt.getTime() < ORPHAN_RESERVATION_MS) return false;
    if ((await this.eventStore.load(userStreamId(existing._id))).length > 0) return false;
    await this.credentials.deleteOne({ _id: existing._id });
    return true;
  }
}
