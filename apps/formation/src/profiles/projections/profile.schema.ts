import { Schema } from 'mongoose';

export interface ProfileView {
  _id: string;
  displayName: string;
  createdAt: Date;
  version: number;
}

export const profileViewSchema = new Schema<ProfileView>(
  {
    _id: { type: String, required: true },
    displayName: { type: String, required: true },
    createdAt: { type: Date, required: true },
    version: { type: Number, required: true },
  },
  { collection: 'profiles', versionKey: false },
);
