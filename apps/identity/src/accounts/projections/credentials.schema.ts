import { Schema } from 'mongoose';

/**
 * Secrets stay out of the event log (which is published to Kafka): the password hash lives here, keyed by user,
 * and the unique email index is what reserves an address across user streams.
 */
export interface Credentials {
  _id: string;
  email: string;
  passwordHash: string;
  createdAt: Date;
}

export const credentialsSchema = new Schema<Credentials>(
  {
    _id: { type: String, required: true },
    email: { type: String, required: true, unique: true },
    passwordHash: { type: String, required: true },
    createdAt: { type: Date, required: true },
  },
  { collection: 'credentials', versionKey: false },
);
