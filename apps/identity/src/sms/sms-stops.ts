import { Inject, Injectable } from '@nestjs/common';
import { MONGO_CONNECTION } from '@abide/platform';
import { type Connection, type Model, Schema } from 'mongoose';

interface StoppedNumberDoc {
  _id: string;
  stoppedAt: Date;
}

const stoppedNumberSchema = new Schema<StoppedNumberDoc>(
  { _id: { type: String, required: true }, stoppedAt: { type: Date, required: true } },
  { collection: 'sms_stopped_numbers', versionKey: false },
);

/**
 * Numbers that replied STOP, whoever they belong to (`sms_stopped_numbers`, keyed by the number in E.164): members'
 * opt-outs are on their streams, but a church invitation goes to people who have no account yet, and a number that
 * said STOP is never texted again, until it says START.
 */
@Injectable()
export class SmsStops {
  private readonly model: Model<StoppedNumberDoc>;

  constructor(@Inject(MONGO_CONNECTION) connection: Connection) {
    this.model = connection.models.SmsStoppedNumber ?? connection.model<StoppedNumberDoc>('SmsStoppedNumber', stoppedNumberSchema);
  }

  async stop(number: string, at = new Date()): Promise<void> {
    await this.model.updateOne({ _id: number }, { $set: { stoppedAt: at } }, { upsert: true });
  }

  async start(number: string): Promise<void> {
    await this.model.deleteOne({ _id: number });
  }

  async isStopped(number: string): Promise<boolean> {
    return (await this.model.exists({ _id: number })) !== null;
  }

  /** When the number replied STOP, or null while it may be texted. */
  async stoppedAt(number: string): Promise<Date | null> {
    return (await this.model.findById(number, { stoppedAt: 1 }).lean<StoppedNumberDoc>())?.stoppedAt ?? null;
  }
}
