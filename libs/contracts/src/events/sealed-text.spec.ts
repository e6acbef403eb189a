import { eventRegistry } from './registry';
import { CLEAR_TEXT_PREFIX, clearText, sealedTextSchema } from './sealed-text';

const sealed = `pt1.${'k'.repeat(16)}.${'i'.repeat(16)}.${'c'.repeat(40)}`;
const savedV1 = {
  entryId: 'e1',
  userId: 'u1',
  draft: false,
  content: 'A quiet sorrow',
  scriptureReference: 'Psalm 34:18',
  mood: null,
  gratitude: 'My sister',
  isPrivate: true,
  localDate: '2026-03-04',
  timeZone: 'UTC',
};

describe('sealed private text in events', () => {
  it('reads a v1 journal entry as v2, its words carried as marked clear text and no longer in their own fields', () => {
    const read = eventRegistry.upcast('formation.journal.entry-saved', 1, savedV1);

    expect(read).toMatchObject({ ok: true, schemaVersion: 2, upcastFrom: 1 });
    const data = read.ok ? (read.data as Record<string, unknown>) : {};
    expect(data).not.toHaveProperty('content');
    expect(JSON.parse(String(data.sealedText).slice(CLEAR_TEXT_PREFIX.length))).toEqual({
      content: 'A quiet sorrow',
      scriptureReference: 'Psalm 34:18',
      gratitude: 'My sister',
    });
  });

  it('reads v1 prayer requests and testimonies as v2 the same way', () => {
    const ids = { prayerId: 'p1', groupId: 'g1', authorId: 'u1' };

    expect(eventRegistry.upcast('community.prayer.posted', 1, { ...ids, text: 'For rain', anonymous: false })).toMatchObject({
      ok: true,
      data: { ...ids, anonymous: false, sealedText: clearText('For rain') },
    });
    expect(eventRegistry.upcast('community.prayer.answered', 1, { ...ids, testimony: 'It rained' })).toMatchObject({
      ok: true,
      data: { ...ids, sealedTestimony: clearText('It rained') },
    });
  });

  it('lets no producer write clear text where v2 has sealed text', () => {
    expect(sealedTextSchema.safeParse(sealed).success).toBe(true);
    for (const value of [clearText('words'), 'words', '[erased]', `${sealed}.extra`])
      expect(sealedTextSchema.safeParse(value).success).toBe(false);
    const { content: _c, scriptureReference: _s, gratitude: _g, ...rest } = savedV1;
    expect(eventRegistry.parse('formation.journal.entry-saved', 2, { ...rest, sealedText: clearText('{}') })).toMatchObject({
      ok: false,
      kind: 'invalid',
    });
    expect(eventRegistry.parse('formation.journal.entry-saved', 2, { ...rest, sealedText: sealed })).toMatchObject({ ok: true });
  });
});
