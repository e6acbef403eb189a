import { Inject, Injectable } from '@nestjs/common';
import { MONGO_CONNECTION } from '@abide/platform';
import { type Connection, type Model, Schema } from 'mongoose';

interface VerifiedNumberDoc {
  /** `<userId>:<number>`: one proof per member and number, so a repeated confirmation is one document. */
  _id: string;
  userId: string;
  number: string;
  verifiedAt: Date;
}

const verifiedNumberSchema = new Schema<VerifiedNumberDoc>(
  {
    _id: { type: String, required: true },
    userId: { type: String, required: true, index: true },
    number: { type: String, required: true, index: true },
    verifiedAt: { type: Date, required: true },
  },
  { collection: 'sms_verified_numbers', versionKey: false },
);

/**
 * The numbers members proved are theirs by typing back a code texted to them (`sms_verified_numbers`, E.164). Only
 * these are ever texted anything but that code; the proof is personal and goes with the account.
 */
@Injectable()
export class VerifiedNumbers {
  private readonly model: Model<VerifiedNumberDoc>;

  constructor(@Inject(MONGO_CONNECTION) connection: Connection) {
    this.model = connection.models.SmsVerifiedNumber ?? connection.model<VerifiedNumberDoc>('SmsVerifiedNumber', verifiedNumberSchema);
  }

  async add(userId: string, number: string, at = new Date()): Promise<void> {
    try {
      await this.model.updateOne({ _id: `${userId}:${number}` }, { $setOnInsert: { userId, number, verifiedAt: at } }, { upsert: true });
    } catch (error) {
      // Two upserts of one proof raced and the other inserted it: the number is proved either way.
      if ((error as { code?: number }).code !== 11000) throw error;
    }
  }

  async isVerifiedBy(userId: string, number: string): Promise<boolean> {
    return (await this.model.exists({ _id: `${userId}:${number}` })) !== null;
  }

  /** Some account proved the number: its owner has shown they read texts to it. */
  async isVerified(number: string): Promise<boolean> {
    return (await this.model.exists({ number })) !== null;
  }

  async forget(userId: string): Promise<void> {
    await this.model.deleteMany({ userId });
  }
}
