import { diffCollection, isBookkeepingKey } from './read-model-diff';

const board = (habits: Array<{ id: string; name: string; days: string }>, version: number) =>
  JSON.stringify({ version, habits, restDays: [0] });

describe('a read model compared with its rebuild', () => {
  it('names the field inside a JSON-string document that differs, and nothing else', async () => {
    const live = [
      {
        _id: 'm1',
        board: board(
          [
            { id: 'h1', name: 'Prayer', days: 'x.x' },
            { id: 'h2', name: 'Psalms', days: 'xx' },
          ],
          7,
        ),
      },
    ];
    const rebuilt = [
      {
        _id: 'm1',
        board: board(
          [
            { id: 'h2', name: 'Psalms', days: 'xx' },
            { id: 'h1', name: 'Prayer', days: 'xxx' },
          ],
          9,
        ),
      },
    ];
    expect(await diffCollection(live, rebuilt)).toEqual([{ id: 'm1', kind: 'changed', paths: ['board.habits[id=h1].days'] }]);
  });

  it('ignores stream versions, revisions and write times, but not the content beside them', async () => {
    const live = [{ _id: 'g1', memberCount: 2, membersVersion: 4, version: 4, updatedAt: new Date(1) }];
    const same = [{ _id: 'g1', memberCount: 2, membersVersion: 6, version: 6, updatedAt: new Date(2) }];
    expect(await diffCollection(live, same)).toEqual([]);
    expect(await diffCollection(live, [{ ...same[0], memberCount: 3 }])).toEqual([{ id: 'g1', kind: 'changed', paths: ['memberCount'] }]);
    expect(['version', 'nameVersion', 'revision', 'updatedAt', 'positions'].every(isBookkeepingKey)).toBe(true);
    expect(['name', 'versionNote', 'conversation', 'done'].some(isBookkeepingKey)).toBe(false);
  });

  it('reports documents only one side has, and a list item lost from the live one', async () => {
    const live = [
      { _id: 'a', entries: [{ id: 'e1', title: 'Morning' }] },
      { _id: 'stale', entries: [] },
    ];
    const rebuilt = [
      {
        _id: 'a',
        entries: [
          { id: 'e1', title: 'Morning' },
          { id: 'e2', title: 'Evening' },
        ],
      },
      { _id: 'b', entries: [] },
    ];
    expect(await diffCollection(live, rebuilt)).toEqual([
      { id: 'a', kind: 'changed', paths: ['entries[id=e2] (only rebuilt)'] },
      { id: 'stale', kind: 'unexpected', paths: [] },
      { id: 'b', kind: 'missing', paths: [] },
    ]);
  });

  it('compares sealed text by what it opens to (each sealing draws a fresh IV)', async () => {
    const plain: Record<string, string> = {
      'pt1.AAAAAAAAAAAAAAAA.aaaa.bbbb': '{"entries":[{"id":"e1","title":"Psalm 23"}]}',
      'pt1.AAAAAAAAAAAAAAAA.cccc.dddd': '{"entries":[{"id":"e1","title":"Psalm 23"}]}',
      'pt1.AAAAAAAAAAAAAAAA.eeee.ffff': '{"entries":[{"id":"e1","title":"Psalm 24"}]}',
    };
    const open = (value: string) => Promise.resolve(plain[value] ?? null);
    const live = [{ _id: 'm1', list: 'pt1.AAAAAAAAAAAAAAAA.aaaa.bbbb' }];
    expect(await diffCollection(live, [{ _id: 'm1', list: 'pt1.AAAAAAAAAAAAAAAA.cccc.dddd' }], open)).toEqual([]);
    expect(await diffCollection(live, [{ _id: 'm1', list: 'pt1.AAAAAAAAAAAAAAAA.eeee.ffff' }], open)).toEqual([
      { id: 'm1', kind: 'changed', paths: ['list.entries[id=e1].title'] },
    ]);
  });
});
