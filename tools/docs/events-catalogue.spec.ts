import { readFileSync } from 'node:fs';
import { EVENTS_DOC, renderEventsCatalogue } from './events-catalogue';

describe('docs/events.md', () => {
  it('says what the event registry says (run `npm run docs:events` after changing an event)', () => {
    const written = readFileSync(EVENTS_DOC, 'utf8');
    if (written !== renderEventsCatalogue()) {
      throw new Error('docs/events.md is stale: run `npm run docs:events` and commit it.');
    }
  });

  it('lists every event type with its topic and version', () => {
    const doc = renderEventsCatalogue();
    expect(doc).toContain('### `formation.habit.checked-in`\n\nTopic `formation.habit.v1`, current version 1.');
    expect(doc).toContain('| `fields.title` | string (1–120 chars) | yes |');
  });
});
