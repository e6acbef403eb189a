import { Inject, Injectable } from '@nestjs/common';
import { churchMessages, type ChurchRole, errorCodes, Refusal, slugMessages } from '@abide/contracts';
import { type AppendMeta as Meta, type CommandResult, CommandHandler, CommandRunner, EventStore, type StoredEvent } from '@abide/event-store';
import { v7 as uuidv7 } from 'uuid';
import { CLOCK, type Clock } from '../../config/clock';
import type { MembershipCommand } from '../../memberships/membership-model.port';
import { type ChurchChanges, type ChurchCommand, churchDecider, churchIdOf, type ChurchState, isOpen } from '../domain/church.decider';
import { ChurchClaims } from './church-claims';

export interface NewChurch {
  name: string;
  slug: string;
  primaryColor: string;
  welcome: string;
  timeZone: string;
}

export const churchStreamId = (churchId: string) => `church-${churchId}`;

/** The 409 of a race lost on every retry, in the church's words. */
const CHURCH_CONFLICT = 'This church changed at the same moment elsewhere. Please try again.';

const slugTaken = () => new Refusal(errorCodes.conflict, slugMessages.taken, 'slug');

/**
 * Write side of churches: one stream per church, every command data decided by the church's decider on the stream
 * (so roles are checked on the server, from the stream). Addresses and join codes are claimed by key before the
 * command that uses them (ChurchClaims), and freed when it fails or they are no longer the church's.
 */
@Injectable()
export class ChurchCommands {
  private readonly churches: CommandHandler<ChurchCommand, ChurchState>;

  constructor(
    runner: CommandRunner,
    private readonly eventStore: EventStore,
    private readonly claims: ChurchClaims,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {
    this.churches = new CommandHandler(runner, churchDecider, {
      streamOf: (command) => churchStreamId(churchIdOf(command)),
      conflictMessage: CHURCH_CONFLICT,
    });
  }

  /** The church's state from its stream head: one keyed read. */
  async load(churchId: string): Promise<ChurchState> {
    return (await this.eventStore.aggregate(churchStreamId(churchId), churchDecider)).state;
  }

  async create(createdBy: string, input: NewChurch, meta: Meta): Promise<string> {
    const churchId = uuidv7();
    if (!(await this.claims.claimSlug(input.slug, churchId))) throw slugTaken();
    const joinCode = await this.claims.claimNewCode(churchId);
    try {
      await this.handle({ type: 'CreateChurch', churchId, ...input, joinCode, createdBy, now: this.clock() }, meta);
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
    await this.handle({ type: 'UpdateChurch', churchId, by, changes: profile }, meta);
  }

  private async changeSlug(by: string, churchId: string, slug: string, meta: Meta): Promise<void> {
    const command: ChurchCommand = { type: 'ChangeChurchSlug', churchId, by, slug };
    const before = await this.load(churchId);
    churchDecider.decide(command, before); // refuse early (roles) before claiming anything
    if (before.slug === slug) return;
    if (!(await this.claims.claimSlug(slug, churchId))) throw slugTaken();
    let previous: string;
    try {
      const { events } = await this.handle(command, meta);
      const changed = events.find((e) => e.type === 'community.church.slug-changed');
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
    churchDecider.decide({ type: 'ChangeJoinCode', churchId, by, joinCode: before.joinCode }, before); // refuse early (roles)
    const joinCode = await this.claims.claimNewCode(churchId);
    try {
      await this.handle({ type: 'ChangeJoinCode', churchId, by, joinCode }, meta);
    } catch (error) {
      await this.claims.releaseCode(joinCode, churchId);
      throw error;
    }
    await this.claims.releaseCode(before.joinCode, churchId);
  }

  /** Joining by code is a keyed read (code → church) and a command on that church. */
  async joinByCode(userId: string, code: string, meta: Meta): Promise<string> {
    const churchId = await this.claims.churchOfCode(code);
    if (!churchId) throw new Refusal(errorCodes.notFound, churchMessages.codeUnknown, 'code');
    await this.handle({ type: 'JoinChurchByCode', churchId, userId, code, now: this.clock() }, meta);
    return churchId;
  }

  /** An accepted invitation of a bulk import (identity's event): idempotent. */
  async joinByInvitation(userId: string, churchId: string, at: Date, meta: Meta): Promise<void> {
    await this.handle({ type: 'JoinChurchByInvitation', churchId, userId, now: at }, meta);
  }

  async request(userId: string, churchId: string, meta: Meta): Promise<void> {
    await this.handle({ type: 'RequestToJoinChurch', churchId, userId, requestId: uuidv7() }, meta);
  }

  async setRole(by: string, churchId: string, target: string, role: ChurchRole, meta: Meta): Promise<void> {
    await this.handle({ type: 'SetChurchRole', churchId, by, target, role }, meta);
  }

  /** A membership command (MembershipCommands) on the church's stream; a leaving or departing last member closes the church. */
  async membership(command: MembershipCommand, meta: Meta): Promise<StoredEvent[]> {
    const { events, state } = await this.handle(command, meta);
    if (command.type === 'LeaveMembership' || command.type === 'Depart') await this.releaseIfClosed(command.id, state);
    return events;
  }

  /** A closed church (its last member gone) frees its address and its code for others. */
  private async releaseIfClosed(churchId: string, state: ChurchState): Promise<void> {
    if (!state.exists || isOpen(state)) return;
    await this.claims.releaseSlug(state.slug, churchId);
    await this.claims.releaseCode(state.joinCode, churchId);
  }

  private handle(command: ChurchCommand, meta: Meta): Promise<CommandResult<ChurchState>> {
    return this.churches.handle(command, meta);
  }
}
