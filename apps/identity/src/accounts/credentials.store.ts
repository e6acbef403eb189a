import { Inject, Injectable } from '@nestjs/common';
import { MONGO_CONNECTION } from '@abide/platform';
import type { Connection, Model } from 'mongoose';
import { type Credentials, credentialsSchema } from './projections/credentials.schema';

/** The password hashes, kept out of the event log; the unique e-mail index reserves an address. */
@Injectable()
export class CredentialsRepository {
  readonly model: Model<Credentials>;

  constructor(@Inject(MONGO_CONNECTION) connection: Connection) {
    // Mongoose returns the already-registered model for the same schema, so other features may declare it too.
    this.model = connection.model<Credentials>('Credentials', credentialsSchema);
  }

  findByEmail(email: string): Promise<Credentials | null> {
    return this.model.findOne({ email }).lean<Credentials>().exec();
  }

  findById(userId: string): Promise<Credentials | null> {
    return this.model.findById(userId).lean<Credentials>().exec();
  }

  /** Reserves the address for a new account: a duplicate key error (11000) when another account holds it. */
  async create(credentials: Credentials): Promise<void> {
    await this.model.create(credentials);
  }

  async remove(userId: string): Promise<void> {
    await this.model.deleteOne({ _id: userId });
  }

  async setPasswordHash(userId: string, passwordHash: string): Promise<void> {
    await this.model.updateOne({ _id: userId }, { $set: { passwordHash } });
  }
}
