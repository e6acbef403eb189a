import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { isDuplicateKeyError, MONGO_CONNECTION } from '@abide/platform';
import { ACCESS_TOKEN_ALGORITHM } from '@abide/auth';
import { exportJWK, generateKeyPair, importJWK, type JWK } from 'jose';
import type { Connection, Model } from 'mongoose';
import { type SigningKeyDoc, signingKeySchema } from './signing-key.schema';

export type SigningKey = Awaited<ReturnType<typeof importJWK>>;

/**
 * The first key's id, the same in every instance: of several instances starting at once on an empty database, the
 * unique `_id` lets exactly one insert it and the others load it, so they all sign with one key.
 */
const FIRST_KEY_ID = 'signing-key-1';

/**
 * The ES256 key pair that signs access tokens. Kept in identity's database so every identity instance signs
 * with the same key; the public halves are published as JWKS for the gateway and services.
 */
@Injectable()
export class SigningKeysService implements OnModuleInit {
  private readonly keys: Model<SigningKeyDoc>;
  private current!: { kid: string; privateKey: SigningKey };
  private publicJwks: JWK[] = [];

  constructor(@Inject(MONGO_CONNECTION) connection: Connection) {
    this.keys = connection.model<SigningKeyDoc>('SigningKey', signingKeySchema);
  }

  async onModuleInit(): Promise<void> {
    if ((await this.keys.countDocuments()) === 0) await this.createFirstKey();
    await this.load();
  }

  signingKey(): { kid: string; privateKey: SigningKey } {
    return this.current;
  }

  jwks(): { keys: JWK[] } {
    return { keys: this.publicJwks };
  }

  private async createFirstKey(): Promise<void> {
    const { publicKey, privateKey } = await generateKeyPair(ACCESS_TOKEN_ALGORITHM, { extractable: true });
    const kid = FIRST_KEY_ID;
    try {
      await this.keys.create({
        _id: kid,
        privateJwk: await exportJWK(privateKey),
        publicJwk: { ...(await exportJWK(publicKey)), kid, alg: ACCESS_TOKEN_ALGORITHM, use: 'sig' },
        createdAt: new Date(),
      });
    } catch (error) {
      // Another instance inserted it first: load theirs.
      if (!isDuplicateKeyError(error)) throw error;
    }
  }

  /** Every key stays published (tokens signed before a newer key remain valid); the newest signs. */
  private async load(): Promise<void> {
    const docs = await this.keys.find().sort({ createdAt: -1 }).lean();
    const newest = docs[0];
    this.current = { kid: newest._id, privateKey: await importJWK(newest.privateJwk as JWK, ACCESS_TOKEN_ALGORITHM) };
    this.publicJwks = docs.map((d) => d.publicJwk as JWK);
  }
}
