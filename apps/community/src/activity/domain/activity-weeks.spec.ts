import { addDays, dateRange, weekStartOf } from '@abide/calendar';
import { CHECK_IN_WINDOW_DAYS } from '@abide/contracts';
import {
  anyDoneSince,
  type ArchivedWeek,
  closeWeeks,
  emptyArchivedWeek,
  factsToClose,
  firstOpenWeek,
  habitCheckIns,
  isClosedWeek,
  keepClosedWeek,
  latestDone,
  latestOfMember,
  mergeFacts,
  openWeekFigures,
  weekCounts,
} from './activity-weeks';
import { type ActivityFigures, emptyActivity, type Fact, type MemberActivity, setFact } from './member-activity';

const fact = (kind: Fact['kind'], date: string, done = true, at = `${date}T08:00:00.000Z`) => ({
  kind,
  habitId: kind === 'check-in' ? 'h1' : null,
  date,
  done,
  at,
});

/** The document as the store writes it: with its open weeks' figures. */
const written = (doc: MemberActivity) => {
  doc.openWeeks = openWeekFigures(doc.facts);
  return doc;
};

/** What the figures' readers get of a document: all but its facts. */
const figures = ({ facts: _facts, ...rest }: MemberActivity): ActivityFigures => rest;

/** Closes a document's weeks before `firstOpen` as the store does: each week's facts archived, then taken out. */
const close = (doc: MemberActivity, firstOpen: string, archives: Map<string, ArchivedWeek>) => {
  const archived = new Map<string, ArchivedWeek>();
  for (const [week, facts] of factsToClose(doc, firstOpen)) {
    const archive = archives.get(week) ?? emptyArchivedWeek();
    if (mergeFacts(archive.facts, facts)) archive.stamp++;
    archives.set(week, archive);
    archived.set(week, archive);
  }
  const changed = closeWeeks(doc, firstOpen, archived);
  written(doc);
  return changed;
};

describe('a member’s weeks, closed once they can no longer change', () => {
  it('keeps open every week holding a date a member may still check in or out, in any zone', () => {
    for (const today of dateRange('2026-11-01', '2026-12-31')) {
      // A zone a day ahead of UTC: its today is UTC's tomorrow, and it may check in CHECK_IN_WINDOW_DAYS before that.
      for (const daysBack of [0, CHECK_IN_WINDOW_DAYS, CHECK_IN_WINDOW_DAYS + 1]) {
        expect(weekStartOf(addDays(today, -daysBack)) >= firstOpenWeek(today)).toBe(true);
      }
    }
    // Tuesday 1 December: the weeks before Sunday 22 November are closed.
    expect(firstOpenWeek('2026-12-01')).toBe('2026-11-22');
  });

  it('counts a closed week as it counted its facts, and leaves only the open weeks’ facts in the document', () => {
    // Written before open weeks had figures: its facts are counted.
    const doc: MemberActivity = { habits: {}, facts: {} };
    setFact(doc.facts, 'h1:2026-03-01', 1, fact('check-in', '2026-03-01'));
    setFact(doc.facts, 'h1:2026-03-07', 1, fact('check-in', '2026-03-07'));
    setFact(doc.facts, 'h1:2026-02-28', 1, fact('check-in', '2026-02-28'));
    setFact(doc.facts, 'h1:2026-03-03', 2, fact('check-in', '2026-03-03', false));
    setFact(doc.facts, 'p:a1', 1, fact('plan-activity', '2026-03-02'));
    setFact(doc.facts, 'journal:e1', 1, fact('journal', '2026-03-04'));
    setFact(doc.facts, 'journal:e2', 1, fact('journal', '2026-03-04'));
    setFact(doc.facts, 'journal:e3', 1, fact('journal', '2026-03-05'));
    setFact(doc.facts, 'h1:2026-03-08', 1, fact('check-in', '2026-03-08'));
    const weeks = ['2026-02-22', '2026-03-01', '2026-03-08'];
    // Read as written before open weeks had figures (its facts in it), then as written now (figures only).
    const before = weeks.map((week) => weekCounts(doc, week));
    expect(before[1]).toEqual({ checkIns: 2, planActivities: 1, journalDays: 2 });
    expect(weeks.map((week) => weekCounts(figures(written(structuredClone(doc))), week))).toEqual(before);

    const archives = new Map<string, ArchivedWeek>();
    expect(close(doc, '2026-03-08', archives)).toBe(true);

    expect(weeks.map((week) => weekCounts(figures(doc), week))).toEqual(before);
    expect(habitCheckIns(figures(doc), '2026-03-01')).toEqual({ h1: 2 });
    expect(Object.keys(doc.facts)).toEqual(['h1:2026-03-08']);
    expect([...archives.keys()].sort()).toEqual(['2026-02-22', '2026-03-01']);
    expect(isClosedWeek(doc, '2026-03-01')).toBe(true);
    expect(isClosedWeek(doc, '2026-03-08')).toBe(false);
    // Closing again changes nothing.
    expect(close(doc, '2026-03-08', archives)).toBe(false);
  });

  it('takes a closed week’s new figures from its archive, never older ones after newer', () => {
    const doc = emptyActivity();
    setFact(doc.facts, 'journal:e1', 1, fact('journal', '2026-03-04'));
    setFact(doc.facts, 'journal:e2', 1, fact('journal', '2026-03-05'));
    const archives = new Map<string, ArchivedWeek>();
    close(doc, '2026-03-08', archives);
    const archive = archives.get('2026-03-01')!;

    // A journal entry of that week deleted months later, then a late duplicate of its writing.
    const older = structuredClone(archive);
    expect(setFact(archive.facts, 'journal:e2', 2, fact('journal', '2026-03-05', false))).toBe(true);
    archive.stamp++;
    expect(setFact(archive.facts, 'journal:e2', 1, fact('journal', '2026-03-05'))).toBe(false);
    expect(keepClosedWeek(doc, '2026-03-01', archive)).toBe(true);
    expect(weekCounts(doc, '2026-03-01')).toEqual({ checkIns: 0, planActivities: 0, journalDays: 1 });

    // A replica that changed the archive before this one writes the document after it: its figures stay out.
    expect(keepClosedWeek(doc, '2026-03-01', older)).toBe(false);
    expect(weekCounts(doc, '2026-03-01').journalDays).toBe(1);
  });

  it('finds the latest done fact among the open facts and every closed week', () => {
    const doc = emptyActivity();
    setFact(doc.facts, 'journal:e1', 1, fact('journal', '2026-02-10', true, '2026-02-10T21:00:00.000Z'));
    setFact(doc.facts, 'h1:2026-03-09', 3, fact('check-in', '2026-03-09', false));
    close(doc, '2026-03-08', new Map());
    expect(latestOfMember(figures(doc))).toEqual({ kind: 'journal', at: '2026-02-10T21:00:00.000Z' });

    setFact(doc.facts, 'p:a1', 1, fact('plan-activity', '2026-03-10'));
    expect(latestOfMember(figures(written(doc)))).toEqual({ kind: 'plan-activity', at: '2026-03-10T08:00:00.000Z' });
    expect(latestOfMember(emptyActivity())).toBeNull();
  });

  it('finds the latest done fact among members, and whether any was done lately', () => {
    const anna = emptyActivity();
    const ben = emptyActivity();
    setFact(anna.facts, 'h1:2026-03-02', 1, fact('check-in', '2026-03-02', true, '2026-03-02T08:00:00.000Z'));
    setFact(ben.facts, 'journal:e1', 1, { kind: 'journal', habitId: null, date: '2026-03-03', done: true, at: '2026-03-03T09:00:00.000Z' });
    setFact(ben.facts, 'h2:2026-03-04', 2, { ...fact('check-in', '2026-03-04', false), habitId: 'h2' });
    const activities = new Map([
      ['anna', figures(written(anna))],
      ['ben', figures(written(ben))],
    ]);

    expect(latestDone(activities, ['anna', 'ben'])).toMatchObject({ userId: 'ben', kind: 'journal' });
    expect(latestDone(activities, ['anna'])).toMatchObject({ userId: 'anna', kind: 'check-in' });
    expect(latestDone(activities, [])).toBeNull();
    expect(anyDoneSince(activities, ['anna', 'ben'], new Date('2026-03-03T00:00:00Z'))).toBe(true);
    expect(anyDoneSince(activities, ['anna'], new Date('2026-03-03T00:00:00Z'))).toBe(false);
  });
});
