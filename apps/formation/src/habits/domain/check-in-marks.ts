import { addDays, daysBetween, type LocalDate } from '@abide/calendar';
import type { CheckIn } from './habit-calendar';

/**
 * A habit's check-ins on the board as one string, a character per day from `from`: '1' checked in, '0' a check-in
 * undone (a day looked at), '.' nothing. A year is 365 characters where a map of dates took about 7 KB, and the
 * database's cost of reading the board grows with its size (a 24 KB board read at a third of the rate of a 3 KB one).
 */
export interface CheckInMarks {
  from: LocalDate | null;
  marks: string;
}

const DONE = '1';
const UNDONE = '0';
const NONE = '.';

export const noMarks = (): CheckInMarks => ({ from: null, marks: '' });

/** Records a day's check-in (or its undoing), growing the string at either end as needed. */
export const setMark = (marks: CheckInMarks, date: LocalDate, completed: boolean): void => {
  const mark = completed ? DONE : UNDONE;
  if (marks.from === null) {
    marks.from = date;
    marks.marks = mark;
    return;
  }
  const at = daysBetween(marks.from, date);
  if (at < 0) {
    marks.marks = mark + NONE.repeat(-at - 1) + marks.marks;
    marks.from = date;
  } else if (at >= marks.marks.length) {
    marks.marks += NONE.repeat(at - marks.marks.length) + mark;
  } else {
    marks.marks = marks.marks.slice(0, at) + mark + marks.marks.slice(at + 1);
  }
};

/**
 * The check-ins, oldest first: all of them, or those on `from` and after plus those before `keepBefore` (check-ins
 * dated before a habit's creation move its start, so the figures need them whatever the window).
 */
export const checkInsOfMarks = (marks: CheckInMarks, from?: LocalDate, keepBefore?: LocalDate): CheckIn[] => {
  const checkIns: CheckIn[] = [];
  const start = marks.from;
  if (start === null) return checkIns;
  const text = marks.marks;
  const push = (i: number) => {
    if (text[i] !== NONE) checkIns.push({ date: addDays(start, i), completed: text[i] === DONE });
  };
  const first = from === undefined ? 0 : Math.max(0, daysBetween(start, from));
  const before = keepBefore === undefined ? 0 : Math.max(0, daysBetween(start, keepBefore));
  for (let i = 0; i < Math.min(before, first, text.length); i++) push(i);
  for (let i = first; i < text.length; i++) push(i);
  return checkIns;
};
