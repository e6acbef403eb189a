import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { MONGO_CONNECTION } from '@abide/platform';
import { ACCESS_TOKEN_ALGORITHM } from '@abide/auth';
import { exportJWK, generateKeyPair, importJWK, type JWK } from 'jose';
import { randomUUID } from 'node:crypto';
import type { Connection, Model } from 'mongoose';
import { type SigningKeyDoc, signingKeySchema } from './signing-key.schema';

type SigningKey = Awaited<ReturnType<typeof importJWK>>;

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
    if ((await this.keys.countDocuments()) === 0) await this.createKey();
    await this.load();
  }

  signingKey(): { kid: string; privateKey: SigningKey } {
    return this.current;
  }

  jwks(): { keys: JWK[] } {
    return { keys: this.publicJwks };
  }

  private async createKey(): Promise<void> {
    const { publicKey, privateKey } = await generateKeyPair(ACCESS_TOKEN_ALGORITHM, { extractable: true });
    const kid = randomUUID();
    await this.keys.create({
      _id: kid,
      privateJwk: await exportJWK(privateKey),
      publicJwk: { ...(await exportJWK(publicKey)), kid, alg: ACCESS_TOKEN_ALGORITHM, use: 'sig' },
      createdAt: new Date(),
    });
  }

  /** Two instances starting at once may each create a key: both stay published, the newest signs. */
  private async load(): Promise<void> {
    const docs = await this.keys.find().sort({ createdAt: -1 }).lean();
    const newest = docs[0];
    this.current = { kid: newest._id, privateKey: await importJWK(newest.privateJwk as JWK, ACCESS_TOKEN_ALGORITHM) };
    this.publicJwks = docs.map((d) => d.publicJwk as JWK);
  }
}
