import { Injectable } from '@nestjs/common';
import { errorCodes, type InvitationView, invitationMessages } from '@abide/contracts';
import { DomainError } from '@abide/platform';
import { v7 as uuidv7 } from 'uuid';
import { PasswordHashing, UserCommands, PasswordCredentials, PasswordStrength } from '../accounts/accounts.port';
import { type IssuedSession, Sessions } from '../sessions/sessions.port';
import { parseInvitationToken, secretMatches } from './domain/invitation-token';
import { type ImportContextDoc, ImportRecords, type InvitationDoc } from './import-records';
import { ImportStream } from './import-stream.commands';

type Meta = { correlationId: string };

const gone = (reason: 'unknown' | 'expired' | 'used' | 'withdrawn'): DomainError => {
  if (reason === 'unknown') return new DomainError(errorCodes.invalidLink, 404, 'Invitation not found', invitationMessages.unknown);
  return new DomainError(errorCodes.invalidLink, 409, 'Invitation not usable', invitationMessages[reason]);
};

/**
 * The invited person's side (docs/member-imports.md): a new person opens the link and sets a password, which makes
 * their account (the link proved the address), joins the church (and group) and signs them in; an account holder
 * accepts signed in. Accepting is decided on the import's stream, so it happens once and never after an undo.
 */
@Injectable()
export class Invitations {
  constructor(
    private readonly records: ImportRecords,
    private readonly stream: ImportStream,
    private readonly credentials: PasswordCredentials,
    private readonly users: UserCommands,
    private readonly hasher: PasswordHashing,
    private readonly policy: PasswordStrength,
    private readonly sessions: Sessions,
  ) {}

  /** What the link's page shows before the person sets their password. */
  async open(token: string): Promise<InvitationView> {
    const { doc, context } = await this.byToken(token);
    return this.view(doc, context, (await this.credentials.findByEmail(doc.email)) !== null);
  }

  /** An account holder's invitation, for them only (by the account it was sent to, or its address). */
  async forMember(invitationId: string, caller: { id: string; email: string }): Promise<InvitationView> {
    const { doc, context } = await this.usable(invitationId, caller);
    return this.view(doc, context, true);
  }

  /** A new person's acceptance: their account, the church joined, a session. */
  async acceptNew(token: string, name: string, password: string, meta: Meta): Promise<{ session: IssuedSession; context: ImportContextDoc }> {
    const { doc, context } = await this.byToken(token);
    if (await this.credentials.findByEmail(doc.email)) {
      throw new DomainError(errorCodes.emailTaken, 409, 'Address has an account', invitationMessages.hasAccount);
    }
    this.policy.assertStrong(password, { name, email: doc.email });
    const userId = uuidv7();
    const passwordHash = await this.hasher.hash(password);
    try {
      await this.credentials.create({ _id: userId, email: doc.email, passwordHash, createdAt: new Date() });
    } catch (error) {
      if ((error as { code?: number }).code !== 11000) throw error;
      throw new DomainError(errorCodes.emailTaken, 409, 'Address has an account', invitationMessages.hasAccount);
    }
    const now = new Date();
    try {
      await this.users.handle({ type: 'RegisterUser', userId, name, email: doc.email, now }, meta);
    } catch (error) {
      await this.credentials.remove(userId);
      throw error;
    }
    // The link came to this address: it is confirmed as a sign-up's link would confirm it.
    await this.users.handle({ type: 'ConfirmEmail', userId, now }, meta);
    await this.accept(doc, userId, now, meta);
    return { session: await this.sessions.start(userId, 'signup'), context };
  }

  /** An account holder's acceptance, signed in. */
  async acceptAsMember(invitationId: string, caller: { id: string; email: string }, meta: Meta): Promise<ImportContextDoc> {
    const { doc, context } = await this.usable(invitationId, caller);
    await this.accept(doc, caller.id, new Date(), meta);
    return context;
  }

  private async accept(doc: InvitationDoc, userId: string, now: Date, meta: Meta): Promise<void> {
    // A race lost to an undo or another acceptance is the decider's refusal, in the words `gone` gives.
    await this.stream.handle({ type: 'AcceptInvitation', importId: doc.importId, invitationId: doc._id, userId, groupId: doc.groupId, now }, meta);
    await this.records.invitations.updateOne({ _id: doc._id }, { $set: { acceptedAt: now, acceptedBy: userId, tokenHash: null } });
  }

  private async byToken(token: string): Promise<{ doc: InvitationDoc; context: ImportContextDoc }> {
    const { invitationId, secret } = parseInvitationToken(token);
    const found = await this.usable(invitationId);
    // A resend replaced the secret: the older link is as unknown as a made-up one.
    if (!secretMatches(found.doc.tokenHash, secret)) throw gone(found.doc.acceptedAt ? 'used' : 'unknown');
    return found;
  }

  /** The invitation if it can still be accepted; with a caller, only theirs (checked first: others learn nothing of its state). */
  private async usable(invitationId: string, caller?: { id: string; email: string }): Promise<{ doc: InvitationDoc; context: ImportContextDoc }> {
    const doc = await this.records.invitation(invitationId);
    const context = doc ? await this.records.context(doc.importId) : null;
    if (!doc || !context) throw gone('unknown');
    if (caller) this.assertTheirs(doc, caller);
    if (doc.acceptedAt) throw gone('used');
    const { state } = await this.stream.load(doc.importId);
    if (state.status === 'undone') throw gone('withdrawn');
    if (new Date(doc.expiresAt).getTime() <= Date.now()) throw gone('expired');
    return { doc, context };
  }

  private assertTheirs(doc: InvitationDoc, caller: { id: string; email: string }): void {
    const theirs = doc.userId === caller.id || doc.email === caller.email.trim().toLowerCase();
    if (!theirs) throw new DomainError(errorCodes.forbidden, 403, 'Not your invitation', invitationMessages.notYours);
  }

  private view(doc: InvitationDoc, context: ImportContextDoc, hasAccount: boolean): InvitationView {
    const { id, name, slug, primaryColor, logoUrl } = context.church;
    return {
      id: doc._id,
      church: { id, name, slug, primaryColor, logoUrl },
      groupName: doc.groupName,
      name: doc.name,
      email: doc.email,
      hasAccount,
      expiresAt: new Date(doc.expiresAt).toISOString(),
    };
  }
}
