import { z } from 'zod';
import { EventRegistry } from './upcasting';
import { eventVersions } from './versions';

/**
 * A habit event as it might evolve: v1 kept one optional reminder time, v2 keeps a list of reminders, v3 names the
 * zone each reminder is in. Declared here, not in production: no released event has needed a second version yet.
 */
const habitCreatedV1 = z.object({ habitId: z.string().min(1), name: z.string().min(1), reminderTime: z.string().nullable() });
const habitCreatedV2 = z.object({
  habitId: z.string().min(1),
  name: z.string().min(1),
  reminders: z.array(z.object({ time: z.string() })),
});
const habitCreatedV3 = z.object({
  habitId: z.string().min(1),
  name: z.string().min(1),
  reminders: z.array(z.object({ time: z.string(), timeZone: z.string() })),
});

const twoVersions = new EventRegistry({
  'test.habit.created': eventVersions(habitCreatedV1).next(habitCreatedV2, ({ reminderTime, ...rest }) => ({
    ...rest,
    reminders: reminderTime ? [{ time: reminderTime }] : [],
  })),
});

const threeVersions = new EventRegistry({
  'test.habit.created': eventVersions(habitCreatedV1)
    .next(habitCreatedV2, ({ reminderTime, ...rest }) => ({ ...rest, reminders: reminderTime ? [{ time: reminderTime }] : [] }))
    .next(habitCreatedV3, (v2) => ({ ...v2, reminders: v2.reminders.map((r) => ({ ...r, timeZone: 'UTC' })) })),
});

const v1Event = { habitId: 'h1', name: 'Morning prayer', reminderTime: '07:30' };

describe('EventRegistry', () => {
  it('reads a v1 event through the v2 upcaster, as stored (load) and as consumed (parse)', () => {
    const expected = { habitId: 'h1', name: 'Morning prayer', reminders: [{ time: '07:30' }] };
    expect(twoVersions.upcast('test.habit.created', 1, v1Event)).toEqual({ ok: true, schemaVersion: 2, data: expected, upcastFrom: 1 });
    expect(twoVersions.parse('test.habit.created', 1, v1Event)).toEqual({ ok: true, schemaVersion: 2, data: expected, upcastFrom: 1 });
  });

  it('chains upcasters from any earlier version to the current one', () => {
    const current = { habitId: 'h1', name: 'Morning prayer', reminders: [{ time: '07:30', timeZone: 'UTC' }] };
    expect(threeVersions.upcast('test.habit.created', 1, v1Event)).toMatchObject({ ok: true, schemaVersion: 3, data: current });
    const v2Event = { habitId: 'h1', name: 'Morning prayer', reminders: [{ time: '07:30' }] };
    expect(threeVersions.parse('test.habit.created', 2, v2Event)).toMatchObject({
      ok: true,
      schemaVersion: 3,
      data: current,
      upcastFrom: 2,
    });
  });

  it('leaves an event of the current version as it is', () => {
    const v2Event = { habitId: 'h1', name: 'Morning prayer', reminders: [] };
    expect(twoVersions.upcast('test.habit.created', 2, v2Event)).toEqual({ ok: true, schemaVersion: 2, data: v2Event });
  });

  it('refuses a version newer than this build knows, saying a later build is needed', () => {
    const result = twoVersions.parse('test.habit.created', 3, { habitId: 'h1' });
    expect(result).toMatchObject({ ok: false, kind: 'newer' });
    expect(!result.ok && result.reason).toBe(
      'schemaVersion 3 of test.habit.created is newer than this build reads (2); it needs a later build',
    );
  });

  it('refuses a consumed v1 event that does not fit the v1 schema, naming the field', () => {
    const result = twoVersions.parse('test.habit.created', 1, { habitId: 'h1', name: '' });
    expect(result).toMatchObject({ ok: false, kind: 'invalid' });
    expect(!result.ok && result.reason).toMatch(/^invalid data for test.habit.created v1: name: /);
  });

  it('catches an upcaster whose output does not fit the current schema', () => {
    const faulty = new EventRegistry({
      'test.habit.created': eventVersions(habitCreatedV1).next(habitCreatedV2, (v1) => ({ ...v1, reminders: 'soon' }) as never),
    });
    expect(faulty.parse('test.habit.created', 1, v1Event)).toMatchObject({ ok: false, kind: 'invalid' });
  });
});
