import { Inject, Injectable } from '@nestjs/common';
import { churchMessages, type ChurchRole, errorCodes, Refusal, slugMessages } from '@abide/contracts';
import { CommandRunner, EventStore, type NewEvent, type StoredEvent } from '@abide/event-store';
import { v7 as uuidv7 } from 'uuid';
import { CLOCK, type Clock } from '../../config/clock';
import type { Meta } from '../../groups/commands/group-commands';
import {
  type ChurchChanges,
  churchDecider,
  type ChurchState,
  decideCreate,
  decideDeparture,
  decideJoinByCode,
  decideJoinByInvitation,
  decideLeave,
  decideNewCode,
  decideOnRequest,
  decideRemove,
  decideRequest,
  decideRole,
  decideSlug,
  decideUpdate,
  decideWithdraw,
  isOpen,
} from '../domain/church.decider';
import { ChurchClaims } from './church-claims';

export const churchStreamId = (churchId: string) => `church-${churchId}`;

export interface NewChurch {
  name: string;
  slug: string;
  primaryColor: string;
  welcome: string;
  timeZone: string;
}

const slugTaken = () => new Refusal(errorCodes.conflict, slugMessages.taken, 'slug');

/**
 * Write side of churches: one stream per church, every command decided on it (so roles are checked on the server,
 * from the stream). Addresses and join codes are claimed by key before the event that uses them (ChurchClaims).
 */
@Injectable()
export class ChurchCommands {
  constructor(
    private readonly eventStore: EventStore,
    private readonly runner: CommandRunner,
    private readonly claims: ChurchClaims,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** The church's state from its stream head: one keyed read. */
  async load(churchId: string): Promise<ChurchState> {
    return (await this.eventStore.aggregate(churchStreamId(churchId), churchDecider)).state;
  }

  async create(createdBy: string, input: NewChurch, meta: Meta): Promise<string> {
    const churchId = uuidv7();
    if (!(await this.claims.claimSlug(input.slug, churchId))) throw slugTaken();
    const joinCode = await this.claims.claimNewCode(churchId);
    try {
      await this.run(churchId, (s) => decideCreate(s, { churchId, ...input, joinCode, createdBy, now: this.clock() }), meta);
    } catch (error) {
      await this.claims.releaseSlug(input.slug, churchId);
      await this.claims.releaseCode(joinCode, churchId);
      throw error;
    }
    return churchId;
  }

  /** Settings: a new address is claimed first and the old one freed after; then the other fields. */
  async update(by: string, churchId: string, changes: ChurchChanges & { slug?: string }, meta: Meta): Promise<void> {
    const { slug, ...profile } = changes;
    if (slug !== undefined) await this.changeSlug(by, churchId, slug, meta);
    await this.run(churchId, (s) => decideUpdate(s, by, profile), meta);
  }

  private async changeSlug(by: string, churchId: string, slug: string, meta: Meta): Promise<void> {
    const before = await this.load(churchId);
    decideSlug(before, by, slug); // refuse early (roles) before claiming anything
    if (before.slug === slug) return;
    if (!(await this.claims.claimSlug(slug, churchId))) throw slugTaken();
    let previous: string;
    try {
      const appended = await this.run(churchId, (s) => decideSlug(s, by, slug), meta);
      const changed = appended.find((e) => e.type === 'community.church.slug-changed');
      previous = changed?.type === 'community.church.slug-changed' ? changed.data.previousSlug : slug;
    } catch (error) {
      await this.claims.releaseSlug(slug, churchId);
      throw error;
    }
    if (previous !== slug) await this.claims.releaseSlug(previous, churchId);
  }

  /** A new code; the old one stops working at once (the stream no longer has it) and its claim is freed. */
  async newCode(by: string, churchId: string, meta: Meta): Promise<void> {
    const before = await this.load(churchId);
    decideNewCode(before, by, before.joinCode); // refuse early (roles)
    const code = await this.claims.claimNewCode(churchId);
    try {
      await this.run(churchId, (s) => decideNewCode(s, by, code), meta);
    } catch (error) {
      await this.claims.releaseCode(code, churchId);
      throw error;
    }
    await this.claims.releaseCode(before.joinCode, churchId);
  }

  /** Joining by code is a keyed read (code → church) and a command on that church. */
  async joinByCode(userId: string, code: string, meta: Meta): Promise<string> {
    const churchId = await this.claims.churchOfCode(code);
    if (!churchId) throw new Refusal(errorCodes.notFound, churchMessages.codeUnknown, 'code');
    await this.run(churchId, (s) => decideJoinByCode(s, userId, code, this.clock()), meta);
    return churchId;
  }

  /** An accepted invitation of a bulk import (identity's event): idempotent. */
  async joinByInvitation(userId: string, churchId: string, at: Date, meta: Meta): Promise<void> {
    await this.run(churchId, (s) => decideJoinByInvitation(s, userId, at), meta);
  }

  async request(userId: string, churchId: string, meta: Meta): Promise<void> {
    await this.run(churchId, (s) => decideRequest(s, userId, uuidv7()), meta);
  }

  async withdraw(userId: string, churchId: string, meta: Meta): Promise<void> {
    await this.run(churchId, (s) => decideWithdraw(s, userId), meta);
  }

  async decide(by: string, churchId: string, requestId: string, approve: boolean, meta: Meta): Promise<void> {
    await this.run(churchId, (s) => decideOnRequest(s, by, requestId, approve, this.clock()), meta);
  }

  async leave(userId: string, churchId: string, meta: Meta): Promise<void> {
    const result = await this.runner.run(churchStreamId(churchId), churchDecider, (s) => decideLeave(s, userId), meta);
    await this.releaseIfClosed(churchId, result.state);
  }

  async remove(by: string, churchId: string, target: string, meta: Meta): Promise<void> {
    await this.run(churchId, (s) => decideRemove(s, by, target), meta);
  }

  async setRole(by: string, churchId: string, target: string, role: ChurchRole, meta: Meta): Promise<void> {
    await this.run(churchId, (s) => decideRole(s, by, target, role), meta);
  }

  /** Account deletion: out of the church and its requests; an only admin's church passes to its longest-standing member. */
  async depart(userId: string, churchId: string, meta: Meta): Promise<void> {
    const result = await this.runner.run(churchStreamId(churchId), churchDecider, (s) => decideDeparture(s, userId), meta);
    await this.releaseIfClosed(churchId, result.state);
  }

  /** A closed church (its last member gone) frees its address and its code for others. */
  private async releaseIfClosed(churchId: string, state: ChurchState): Promise<void> {
    if (!state.exists || isOpen(state)) return;
    await this.claims.releaseSlug(state.slug, churchId);
    await this.claims.releaseCode(state.joinCode, churchId);
  }

  private async run(churchId: string, decide: (state: ChurchState) => NewEvent[], meta: Meta): Promise<StoredEvent[]> {
    return (await this.runner.run(churchStreamId(churchId), churchDecider, (state) => decide(state), meta)).events;
  }
}
