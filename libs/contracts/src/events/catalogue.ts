import { z } from 'zod';
import { eventDefinitions, topicOf, type EventType } from './registry';
import { versionsOf } from './versions';

export interface CatalogueVersion {
  schemaVersion: number;
  /** The version's payload as JSON Schema (draft 2020-12), exactly what `__frozen__` keeps for it. */
  jsonSchema: Record<string, unknown>;
}

export interface CatalogueEntry {
  type: EventType;
  topic: string;
  /** The version producers write now. */
  schemaVersion: number;
  /** Every version, oldest first; events of the earlier ones are upcast when read. */
  versions: CatalogueVersion[];
}

/** A payload schema as JSON Schema: the form the frozen snapshots and the catalogue share. */
export const eventJsonSchema = (schema: z.ZodTypeAny): Record<string, unknown> => z.toJSONSchema(schema) as Record<string, unknown>;

/** Every event type with its topic, versions and JSON Schemas, in the registry's order (docs/events.md is written from it). */
export const eventCatalogue = (): CatalogueEntry[] =>
  (Object.keys(eventDefinitions) as EventType[]).map((type) => {
    const definition = eventDefinitions[type];
    return {
      type,
      topic: topicOf(type),
      schemaVersion: definition.schemaVersion,
      versions: versionsOf(definition).map(({ schemaVersion, schema }) => ({ schemaVersion, jsonSchema: eventJsonSchema(schema) })),
    };
  });
