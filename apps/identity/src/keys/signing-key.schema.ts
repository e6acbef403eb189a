import { Schema } from 'mongoose';

export interface SigningKeyDoc {
  _id: string;
  privateJwk: Record<string, unknown>;
  publicJwk: Record<string, unknown>;
  createdAt: Date;
}

export const signingKeySchema = new Schema<SigningKeyDoc>(
  {
    _id: { type: String, required: true },
    privateJwk: { type: Object, required: true },
    publicJwk: { type: Object, required: true },
    createdAt: { type: Date, required: true, index: true },
  },
  { collection: 'signing_keys', versionKey: false },
);
