import { Schema } from 'mongoose';
import type { Channel } from '../domain/due-nudges';

/**
 * One reminder slot of one member on one local day. `_id` is the idempotency key `member:slot:localDate`: the unique
 * index is what makes "never twice for the same slot" hold under concurrent scans (FerretDB has no atomic conditional update).
 */
export interface NudgeDeliveryView {
  _id: string;
  userId: string;
  slot: string;
  localDate: string;
  kind: string;
  title: string;
  body: string;
  link: string;
  channels: Channel[];
  /** Channels already delivered, so a retry after a partial failure sends only what is missing. */
  done: Channel[];
  status: 'pending' | 'delivered' | 'capped' | 'skipped';
  /** What became of each channel: sent (with the provider's id), refused for good, or held back. */
  outcomes?: NudgeOutcome[];
  createdAt: Date;
  deliveredAt: Date | null;
}

/**
 * One channel of one delivery. `unreachable`: the member no longer has that channel (opted out, unsubscribed) when it
 * was due; `quiet-hours`: a retry reached their quiet hours; `refused`: the provider will never send it (`code`).
 */
export interface NudgeOutcome {
  channel: Channel;
  outcome: 'sent' | 'unreachable' | 'quiet-hours' | 'refused';
  at: Date;
  code?: string;
  /** The provider's message id when sent, its reason when refused. */
  detail?: string;
}

export const nudgeDeliverySchema = new Schema<NudgeDeliveryView>(
  {
    _id: { type: String, required: true },
    userId: { type: String, required: true },
    slot: { type: String, required: true },
    localDate: { type: String, required: true },
    kind: { type: String, required: true },
    title: { type: String, required: true },
    body: { type: String, required: true },
    link: { type: String, required: true },
    channels: { type: [String], default: [] },
    done: { type: [String], default: [] },
    outcomes: { type: [Schema.Types.Mixed], default: [] },
    status: { type: String, required: true },
    createdAt: { type: Date, required: true },
    deliveredAt: { type: Date, default: null },
  },
  { collection: 'nudge_deliveries', versionKey: false },
);
nudgeDeliverySchema.index({ userId: 1, localDate: 1 });
nudgeDeliverySchema.index({ localDate: 1 });

/** The daily cap as unique slots `member:localDate:cap-N`: a reminder is sent only when it claims one. */
export interface NudgeCapView {
  _id: string;
  key: string;
  createdAt: Date;
}
export const nudgeCapSchema = new Schema<NudgeCapView>(
  { _id: { type: String, required: true }, key: { type: String, required: true }, createdAt: { type: Date, required: true } },
  { collection: 'nudge_caps', versionKey: false },
);
