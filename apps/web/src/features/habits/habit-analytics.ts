import { weekdayOf } from '@abide/calendar';
import type { HabitAnalytics } from './habitsApi';
import { formatShortDate, parseIsoDate } from './local-dates';

export type HeatCell = HabitAnalytics['habits'][number]['heatMap'][number];
/** A cell's level is the day's status as the server answers it (docs/figures.md), the same the habit card reads. */
export type HeatState = HeatCell['status'];
export type HeatSummary = HabitAnalytics['habits'][number]['summary'];

export interface HeatMapCell {
  date: string;
  state: HeatState;
  label: string;
}

const cellLabel = new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric' });

const stateText: Record<HeatState, string> = {
  done: 'done',
  skipped: 'skipped',
  due: 'today, not done yet',
  missed: 'missed',
  excused: 'excused',
  off: 'not scheduled',
  future: 'upcoming',
};

const excuseText: Record<NonNullable<HeatCell['excuse']>, string> = {
  'before-start': 'before the habit began',
  paused: 'paused',
  skipped: 'skipped',
  'rest-day': 'rest day',
};

function describe(cell: HeatCell): string {
  if (cell.status === 'excused' && cell.excuse) return excuseText[cell.excuse];
  if (cell.status === 'skipped' && cell.future) return 'skip planned';
  return stateText[cell.status];
}

/**
 * Lays the heat map out like a wall calendar: one column per week, Sunday at the top. Leading
 * slots before the first day are `null` so every column has seven rows.
 */
export function heatMapColumns(cells: readonly HeatCell[]): Array<Array<HeatMapCell | null>> {
  const sorted = [...cells].sort((a, b) => a.date.localeCompare(b.date));
  const columns: Array<Array<HeatMapCell | null>> = [];
  let column: Array<HeatMapCell | null> = [];
  if (sorted.length > 0) {
    const lead = weekdayOf(sorted[0].date);
    column = Array.from({ length: lead }, () => null);
  }
  for (const cell of sorted) {
    column.push({ date: cell.date, state: cell.status, label: `${cellLabel.format(parseIsoDate(cell.date))}: ${describe(cell)}` });
    if (column.length === 7) {
      columns.push(column);
      column = [];
    }
  }
  if (column.length > 0) columns.push([...column, ...Array.from({ length: 7 - column.length }, () => null)]);
  return columns;
}

/** The heat map's "n of m" line, in the habit's unit (days, or weeks for weekly habits). */
export function heatSummaryText({ done, scheduled, unit }: HeatSummary): string {
  return unit === 'weeks' ? `${done} of ${scheduled} weeks met` : `${done} of ${scheduled} scheduled days done`;
}

export interface TrendPoint {
  x: number;
  y: number;
  percent: number;
  label: string;
  weekStart: string;
  done: number;
  scheduled: number;
}

/** Places the weekly completion percentages in a chart box (0 % at the bottom, 100 % at the top). */
export function trendPoints(
  trend: HabitAnalytics['weeklyTrend'],
  box: { width: number; height: number; padX: number; padY: number },
): TrendPoint[] {
  const sorted = [...trend].sort((a, b) => a.weekStart.localeCompare(b.weekStart));
  const innerW = box.width - box.padX * 2;
  const innerH = box.height - box.padY * 2;
  const step = sorted.length > 1 ? innerW / (sorted.length - 1) : 0;
  return sorted.map((week, i) => {
    const clamped = Math.max(0, Math.min(100, week.percent));
    return {
      x: Math.round((box.padX + (sorted.length > 1 ? i * step : innerW / 2)) * 10) / 10,
      y: Math.round((box.padY + innerH * (1 - clamped / 100)) * 10) / 10,
      percent: Math.round(clamped),
      weekStart: week.weekStart,
      done: week.done,
      scheduled: week.scheduled,
      label:
        week.scheduled > 0
          ? `Week of ${formatShortDate(week.weekStart)}: ${Math.round(clamped)}% (${week.done} of ${week.scheduled})`
          : `Week of ${formatShortDate(week.weekStart)}: nothing scheduled`,
    };
  });
}
