import { eventEnvelopeSchema, eventRegistry, type EventEnvelope, type EventRegistry } from '@abide/contracts';

export type Classification =
  { kind: 'handle'; event: EventEnvelope } | { kind: 'ignore'; reason: string } | { kind: 'reject'; reason: string };

const describeIssues = (issues: readonly { path: readonly PropertyKey[]; message: string }[]): string =>
  issues.map((issue) => `${issue.path.map(String).join('.') || '(root)'}: ${issue.message}`).join('; ');

/** The JSON document a message carries, whether Nest handed over bytes, text or an already parsed object. */
const decode = (payload: unknown): { ok: true; value: unknown } | { ok: false; reason: string } => {
  if (payload === null || payload === undefined) return { ok: false, reason: 'empty message' };
  if (typeof payload === 'object' && !Buffer.isBuffer(payload)) return { ok: true, value: payload };
  const text = Buffer.isBuffer(payload) ? payload.toString('utf8') : String(payload);
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false, reason: 'invalid JSON' };
  }
};

/**
 * Decides what a consumer does with a message: handle it (valid envelope, a type it handles, valid data, in the
 * type's current version: an earlier version is upcast), ignore it (a type it does not handle, known or not:
 * acknowledged), or reject it to the dead-letter topic (invalid, or a version newer than this build reads).
 */
export const classifyMessage = (
  payload: unknown,
  handledTypes: ReadonlySet<string>,
  registry: EventRegistry = eventRegistry,
): Classification => {
  const decoded = decode(payload);
  if (!decoded.ok) return { kind: 'reject', reason: decoded.reason };

  const envelope = eventEnvelopeSchema.safeParse(decoded.value);
  if (!envelope.success) return { kind: 'reject', reason: `invalid envelope: ${describeIssues(envelope.error.issues)}` };
  const { type, schemaVersion } = envelope.data;

  if (!handledTypes.has(type)) return { kind: 'ignore', reason: `${type} is not handled by this consumer` };
  const read = registry.parse(type, schemaVersion, envelope.data.data);
  if (!read.ok) return { kind: 'reject', reason: read.reason };

  return { kind: 'handle', event: { ...envelope.data, schemaVersion: read.schemaVersion, data: read.data } };
};
