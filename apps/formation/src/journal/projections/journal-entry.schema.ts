import { Schema } from 'mongoose';

/** The journal's read model: one document per entry, in the journal's private database, its words sealed. */
export interface JournalEntryView {
  _id: string;
  userId: string;
  /** The words (content, scripture reference, gratitude) sealed with the member's key; null once removed. */
  sealedText: string | null;
  mood: string | null;
  isPrivate: boolean;
  draft: boolean;
  /** A removed entry stays as a tombstone without its text, so a replayed older event cannot bring it back. */
  removed: boolean;
  localDate: string;
  createdAt: Date;
  updatedAt: Date;
  version: number;
}

export const journalEntryViewSchema = new Schema<JournalEntryView>(
  {
    _id: { type: String, required: true },
    userId: { type: String, required: true },
    sealedText: { type: String, default: null },
    mood: { type: String, default: null },
    isPrivate: { type: Boolean, default: true },
    draft: { type: Boolean, default: false },
    removed: { type: Boolean, default: false },
    localDate: { type: String, required: true },
    createdAt: { type: Date, required: true },
    updatedAt: { type: Date, required: true },
    version: { type: Number, required: true },
  },
  { collection: 'journal_entries', versionKey: false, minimize: false },
);

// The list (latest first, drafts apart), the writing streak and the week's words.
journalEntryViewSchema.index({ userId: 1, removed: 1, draft: 1, createdAt: -1 });
journalEntryViewSchema.index({ userId: 1, localDate: 1 });
