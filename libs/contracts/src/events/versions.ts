import type { z } from 'zod';

/**
 * An event version older than the current one: its frozen schema, and how an event of that version becomes one of the
 * next version (an upcaster, vN → vN+1). Chained, they bring any stored or consumed event to the current shape.
 */
export interface EarlierVersion {
  readonly schemaVersion: number;
  readonly schema: z.ZodTypeAny;
  readonly upcast: (data: never) => unknown;
}

/**
 * One event type's contract: the version producers write now and its payload schema, plus every earlier version
 * (oldest first) that stored events or messages in flight may still carry. A version's schema never changes once
 * released (libs/contracts/src/events/__frozen__ holds each one's JSON Schema); a change is a new version.
 */
export interface EventDefinition<S extends z.ZodTypeAny = z.ZodTypeAny> {
  readonly schemaVersion: number;
  readonly schema: S;
  readonly earlier?: readonly EarlierVersion[];
}

/**
 * Builds a definition version by version, each upcaster typed by the versions it joins:
 * `eventVersions(v1).next(v2, (v1Data) => v2Data).next(v3, (v2Data) => v3Data)`.
 */
export class EventVersions<S extends z.ZodTypeAny> implements EventDefinition<S> {
  private constructor(
    readonly schema: S,
    readonly schemaVersion: number,
    readonly earlier: readonly EarlierVersion[],
  ) {}

  static first<S extends z.ZodTypeAny>(schema: S): EventVersions<S> {
    return new EventVersions(schema, 1, []);
  }

  /**
   * The next version: its schema, and how the data of the version before becomes its data. On load the upcaster also
   * meets stored events whose personal fields were erased ("[erased]"): it should carry fields over, not inspect them.
   */
  next<N extends z.ZodTypeAny>(schema: N, upcast: (data: z.output<S>) => z.input<N>): EventVersions<N> {
    const previous: EarlierVersion = { schemaVersion: this.schemaVersion, schema: this.schema, upcast };
    return new EventVersions(schema, this.schemaVersion + 1, [...this.earlier, previous]);
  }
}

export const eventVersions = <S extends z.ZodTypeAny>(first: S): EventVersions<S> => EventVersions.first(first);

/** Every version of a definition, oldest first, with its schema. */
export const versionsOf = (definition: EventDefinition): Array<{ schemaVersion: number; schema: z.ZodTypeAny }> => [
  ...(definition.earlier ?? []).map(({ schemaVersion, schema }) => ({ schemaVersion, schema })),
  { schemaVersion: definition.schemaVersion, schema: definition.schema },
];
