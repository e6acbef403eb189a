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

  findByEmail(email: string) {
    return this.model.findOne({ email }).lean();
  }

  findById(userId: string) {
    return this.model.findById(userId).lean();
  }

  async setPasswordHash(userId: string, passwordHash: string): Promise<void> {
    await this.model.updateOne({ _id: userId }, { $set: { passwordHash } });
  }
}
