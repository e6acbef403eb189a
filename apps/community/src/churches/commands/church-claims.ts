import { Inject, Injectable } from '@nestjs/common';
import { newJoinCode } from '@abide/contracts';
import { MONGO_CONNECTION } from '@abide/platform';
import { randomInt } from 'node:crypto';
import { Schema, type Connection, type Model } from 'mongoose';
import { ChurchPageProjection } from '../projections/church-page.projection';

/** One keyed claim: a church's address (`church_slugs`) or its join code (`church_join_codes`), `_id` = the key. */
interface Claim {
  _id: string;
  churchId: string;
  claimedAt: Date;
}

const claimModel = (connection: Connection, name: string, collection: string): Model<Claim> =>
  connection.model<Claim>(
    name,
    new Schema<Claim>(
      { _id: { type: String, required: true }, churchId: { type: String, required: true }, claimedAt: Date },
      { collection, versionKey: false },
    ),
  );

/** A claim older than this that its church does not use was left by a command that failed half-way. */
const STALE_AFTER_MS = 60_000;
const CODE_ATTEMPTS = 6;

const isDuplicateKey = (error: unknown) => (error as { code?: unknown } | null)?.code === 11000;

/**
 * Uniqueness of addresses and join codes without scanning: the unique `_id` of a claim document decides which church
 * gets a key, and finding the church of an address or a code is one read by key. The church's stream stays the truth
 * (the portal and joining check that the church still uses the key), so a claim left by a failed command never
 * misleads; it is taken over once it is stale.
 */
@Injectable()
export class ChurchClaims {
  private readonly slugs: Model<Claim>;
  private readonly codes: Model<Claim>;

  constructor(
    @Inject(MONGO_CONNECTION) connection: Connection,
    private readonly pages: ChurchPageProjection,
  ) {
    this.slugs = claimModel(connection, 'ChurchSlugClaim', 'church_slugs');
    this.codes = claimModel(connection, 'ChurchJoinCodeClaim', 'church_join_codes');
  }

  /** True when the address is now (or already was) this church's. */
  async claimSlug(slug: string, churchId: string): Promise<boolean> {
    for (let pass = 0; pass < 2; pass++) {
      if (await this.insert(this.slugs, slug, churchId)) return true;
      const held = await this.slugs.findById(slug).lean<Claim>();
      if (!held) continue;
      if (held.churchId === churchId) return true;
      const holder = await this.pages.read(held.churchId);
      const used = holder.exists && holder.slug === slug && Object.keys(holder.members).length > 0;
      if (used || Date.now() - new Date(held.claimedAt).getTime() < STALE_AFTER_MS) return false;
      await this.slugs.deleteOne({ _id: slug, churchId: held.churchId });
    }
    return false;
  }

  /** A new code no other church holds. */
  async claimNewCode(churchId: string): Promise<string> {
    for (let attempt = 0; attempt < CODE_ATTEMPTS; attempt++) {
      const code = newJoinCode((below) => randomInt(below));
      if (await this.insert(this.codes, code, churchId)) return code;
    }
    // 31^8 codes: six collisions in a row means something else is wrong.
    throw new Error('Could not find a free join code');
  }

  async churchOfSlug(slug: string): Promise<string | null> {
    return (await this.slugs.findById(slug).lean<Claim>())?.churchId ?? null;
  }

  async churchOfCode(code: string): Promise<string | null> {
    return (await this.codes.findById(code).lean<Claim>())?.churchId ?? null;
  }

  async releaseSlug(slug: string, churchId: string): Promise<void> {
    await this.slugs.deleteOne({ _id: slug, churchId });
  }

  async releaseCode(code: string, churchId: string): Promise<void> {
    await this.codes.deleteOne({ _id: code, churchId });
  }

  private async insert(model: Model<Claim>, key: string, churchId: string): Promise<boolean> {
    try {
      await model.create({ _id: key, churchId, claimedAt: new Date() });
      return true;
    } catch (error) {
      if (isDuplicateKey(error)) return false;
      throw error;
    }
  }
}
