import type { EventDefinition } from './versions';

/** Why an event could not be brought to the current version of its type. */
export type UpcastFailure = {
  ok: false;
  /** `newer`: written by a later build than this one (wait for the deploy); `unknown`: a type or version never defined. */
  kind: 'newer' | 'unknown' | 'invalid';
  reason: string;
};
export type Upcast<T = unknown> = { ok: true; schemaVersion: number; data: T; upcastFrom?: number } | UpcastFailure;

/** A stored event this build cannot read: a version newer than it knows, or an earlier one it has no upcaster from. */
export class UnreadableEventError extends Error {
  override readonly name = 'UnreadableEventError';
  constructor(
    readonly kind: UpcastFailure['kind'],
    reason: string,
  ) {
    super(reason);
  }
}

const isPayload = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const describeIssues = (issues: readonly { path: readonly PropertyKey[]; message: string }[]): string =>
  issues.map((issue) => `${issue.path.map(String).join('.') || '(data)'}: ${issue.message}`).join('; ');

/**
 * The event types of a build with every version each has had. Stored events are read in the current shape
 * (`upcast`: the chain of upcasters from the stored version on), consumed messages likewise after validation
 * (`parse`). An event of a version newer than this build knows is refused with a reason that says so.
 */
export class EventRegistry<D extends Record<string, EventDefinition> = Record<string, EventDefinition>> {
  constructor(readonly definitions: D) {}

  has(type: string): boolean {
    return Object.prototype.hasOwnProperty.call(this.definitions, type);
  }

  private definition(type: string): EventDefinition | undefined {
    return this.has(type) ? this.definitions[type] : undefined;
  }

  /**
   * Data of `schemaVersion` in the current version's shape, through each upcaster in turn; not validated, because
   * stored events may carry erased personal fields ("[erased]") that no schema accepts. Unchanged when current.
   */
  upcast(type: string, schemaVersion: number, data: unknown): Upcast {
    const definition = this.definition(type);
    if (!definition) return { ok: false, kind: 'unknown', reason: `unknown event type ${type}` };
    if (schemaVersion === definition.schemaVersion) return { ok: true, schemaVersion, data };
    if (schemaVersion > definition.schemaVersion) {
      return {
        ok: false,
        kind: 'newer',
        reason: `schemaVersion ${schemaVersion} of ${type} is newer than this build reads (${definition.schemaVersion}); it needs a later build`,
      };
    }
    let value = data;
    for (let version = schemaVersion; version < definition.schemaVersion; version++) {
      const step = definition.earlier?.find((e) => e.schemaVersion === version);
      if (!step) return { ok: false, kind: 'unknown', reason: `${type} has no schemaVersion ${version} to upcast from` };
      value = step.upcast(value as never);
    }
    return { ok: true, schemaVersion: definition.schemaVersion, data: value, upcastFrom: schemaVersion };
  }

  /**
   * A consumed event's data, checked against the schema of its own version, upcast, then checked against the current
   * schema (so a faulty upcaster is caught here, not in a read model). Returns the parsed current data.
   */
  parse(type: string, schemaVersion: number, data: unknown): Upcast<Record<string, unknown>> {
    const definition = this.definition(type);
    if (!definition) return { ok: false, kind: 'unknown', reason: `unknown event type ${type}` };
    const own =
      schemaVersion === definition.schemaVersion
        ? definition.schema
        : definition.earlier?.find((e) => e.schemaVersion === schemaVersion)?.schema;
    if (!own) {
      // A version newer than this build's, or one it never had: upcast says which.
      const unreadable = this.upcast(type, schemaVersion, data);
      return unreadable.ok ? { ok: false, kind: 'unknown', reason: `${type} has no schemaVersion ${schemaVersion}` } : unreadable;
    }
    const checked = own.safeParse(data);
    if (!checked.success) {
      return { ok: false, kind: 'invalid', reason: `invalid data for ${type} v${schemaVersion}: ${describeIssues(checked.error.issues)}` };
    }
    const upcast = this.upcast(type, schemaVersion, checked.data);
    if (!upcast.ok) return upcast;
    const current = upcast.upcastFrom === undefined ? checked : definition.schema.safeParse(upcast.data);
    if (!current.success) {
      return {
        ok: false,
        kind: 'invalid',
        reason: `${type} v${schemaVersion} upcast to v${upcast.schemaVersion} does not fit its schema: ${describeIssues(current.error.issues)}`,
      };
    }
    if (!isPayload(current.data)) return { ok: false, kind: 'invalid', reason: `${type}: the payload is not an object` };
    return { ...upcast, data: current.data };
  }
}
