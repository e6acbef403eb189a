import { importRowMessages } from '@abide/contracts';
import type { ImportTable } from './import-file';
import { checkRows } from './import-rows';

const table = (...rows: Array<Partial<Record<'name' | 'email' | 'phone' | 'group', string>>>): ImportTable => ({
  rows: rows.map((cells, i) => ({ row: i + 2, cells: { name: '', email: '', phone: '', group: '', ...cells } })),
});
const groups = [
  { id: 'g-youth', name: 'Youth Group' },
  { id: 'g-choir', name: 'Choir' },
];

describe(checkRows.name, () => {
  it('keeps a good row normalised: address in lower case, number in E.164 (read in the church’s country), group by its name', () => {
    const sut = checkRows(table({ name: '  Ruth   Moab ', email: ' Ruth@Example.ORG ', phone: '020 7946 0958', group: 'youth  group' }), {
      groups,
      phoneRegion: 'GB',
    });

    expect(sut).toEqual([
      { row: 2, name: 'Ruth Moab', email: 'ruth@example.org', phone: '+442079460958', group: 'Youth Group', groupId: 'g-youth', problem: null },
    ]);
  });

  it('reads a number written with its country code wherever the church is, and leaves empty optional cells empty', () => {
    const [sut] = checkRows(table({ name: 'Boaz', email: 'boaz@example.org', phone: '+1 (201) 555-0123' }), { groups, phoneRegion: 'GB' });

    expect(sut).toMatchObject({ phone: '+12015550123', group: null, groupId: null, problem: null });
  });

  it('refuses a later row with the same address, naming the first row', () => {
    const sut = checkRows(table({ name: 'A', email: 'same@example.org' }, { name: 'B', email: 'SAME@example.org ' }), { groups, phoneRegion: 'US' });

    expect(sut.map((r) => r.problem)).toEqual([null, importRowMessages.duplicate(2)]);
  });

  it('says every problem of a row in words a person can act on', () => {
    const [missing, bad] = checkRows(
      table({ phone: '12' }, { name: 'x'.repeat(121), email: 'not-an-address', group: 'Band', phone: '020 7946 0958' }),
      { groups, phoneRegion: 'US' },
    );

    expect(missing.problem).toBe(
      `${importRowMessages.nameMissing} ${importRowMessages.emailMissing} Phone “12”: This is not a valid United States phone number. ` +
        'Check the digits, or start with + and the country code (for example +44 20 7946 0000).',
    );
    expect(bad.problem).toContain(importRowMessages.nameTooLong);
    expect(bad.problem).toContain(importRowMessages.emailInvalid('not-an-address'));
    expect(bad.problem).toContain(importRowMessages.groupUnknown('Band'));
    expect(bad.problem).toContain('Phone “020 7946 0958”: This is not a valid United States phone number.');
  });

  it('does not count an invalid address as the first of a duplicate', () => {
    const sut = checkRows(table({ name: 'A', email: 'bad@' }, { name: 'B', email: 'bad@' }), { groups, phoneRegion: 'US' });

    expect(sut.map((r) => r.problem)).toEqual([importRowMessages.emailInvalid('bad@'), importRowMessages.emailInvalid('bad@')]);
  });

  it('refuses a group name two of the church’s groups answer to (ignoring case and spaces), saying how many', () => {
    const twins = [...groups, { id: 'g-prayer-1', name: 'Prayer' }, { id: 'g-prayer-2', name: ' PRAYER ' }];

    const sut = checkRows(table({ name: 'Hannah', email: 'hannah@example.org', group: ' prayer' }, { name: 'Eli', email: 'eli@example.org', group: 'choir' }), {
      groups: twins,
      phoneRegion: 'US',
    });

    expect(sut.map((r) => [r.group, r.groupId, r.problem])).toEqual([
      ['prayer', null, importRowMessages.groupAmbiguous('prayer', 2)],
      ['Choir', 'g-choir', null],
    ]);
  });
});
