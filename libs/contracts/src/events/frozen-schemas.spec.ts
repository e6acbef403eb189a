import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { eventCatalogue } from './catalogue';

/**
 * Each released version of an event's payload is frozen: stored events and messages in flight were written to it.
 * `__frozen__/<type>.v<N>.json` keeps its JSON Schema; a version whose schema differs from its file fails here.
 * `WRITE_FROZEN_EVENTS=1` writes the files of versions that have none yet (a new event type or version) and never
 * rewrites an existing one.
 */
const frozenDir = join(__dirname, '__frozen__');
const fileOf = (type: string, version: number) => `${type}.v${version}.json`;
const serialise = (schema: unknown) => `${JSON.stringify(schema, null, 2)}\n`;

const howToChange = (type: string, version: number) =>
  [
    `The payload schema of ${type} v${version} changed, but v${version} is frozen: events stored or in flight were written to it.`,
    'Leave it as it was, and add a version instead, in its file under libs/contracts/src/events/:',
    `  '${type}': eventVersions(<v${version} schema as it was>).next(<v${version + 1} schema>, (v${version}) => ({ ...v${version}, <new fields> })),`,
    `then run \`WRITE_FROZEN_EVENTS=1 npx jest --selectProjects unit --testPathPatterns frozen-schemas\` to freeze v${version + 1}.`,
  ].join('\n');

describe('frozen event schemas', () => {
  const catalogue = eventCatalogue();
  const versions = catalogue.flatMap((entry) => entry.versions.map((v) => ({ type: entry.type, ...v })));

  if (process.env.WRITE_FROZEN_EVENTS === '1') {
    mkdirSync(frozenDir, { recursive: true });
    for (const { type, schemaVersion, jsonSchema } of versions) {
      const file = join(frozenDir, fileOf(type, schemaVersion));
      if (!existsSync(file)) writeFileSync(file, serialise(jsonSchema));
    }
  }

  it.each(versions.map((v) => [`${v.type} v${v.schemaVersion}`, v] as const))('keeps %s as it was released', (_name, v) => {
    const file = join(frozenDir, fileOf(v.type, v.schemaVersion));
    if (!existsSync(file)) {
      throw new Error(
        `${v.type} v${v.schemaVersion} has no frozen schema yet: run \`WRITE_FROZEN_EVENTS=1 npx jest --selectProjects unit --testPathPatterns frozen-schemas\` and commit ${fileOf(v.type, v.schemaVersion)}.`,
      );
    }
    // Compared as JSON, so formatting the file changes nothing.
    if (!isDeepStrictEqual(JSON.parse(readFileSync(file, 'utf8')), v.jsonSchema)) throw new Error(howToChange(v.type, v.schemaVersion));
  });

  it('has no frozen schema left of a version the registry no longer declares', () => {
    const declared = new Set(versions.map((v) => fileOf(v.type, v.schemaVersion)));
    const stale = readdirSync(frozenDir).filter((f) => f.endsWith('.json') && !declared.has(f));
    // A version may be dropped only once no stored event or message can carry it: remove its file with it.
    expect(stale).toEqual([]);
  });
});
