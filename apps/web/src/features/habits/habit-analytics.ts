import { weekdayOf } from '@abide/calendar';
import type { HabitAnalytics } from './habitsApi';
import { formatShortDate, parseIsoDate } from './local-dates';

export type HeatCell = HabitAnalytics['habits'][number]['heatMap'][number];
export type HeatState = 'done' | 'missed' | 'excused' | 'off' | 'future';

export interface HeatMapCell {
  date: string;
  state: HeatState;
  label: string;
}

const cellLabel = new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric' });

const stateText: Record<HeatState, string> = {
  done: 'done',
  missed: 'missed',
  excused: 'excused',
  off: 'not scheduled',
  future: 'upcoming',
};

const excuseText: Record<NonNullable<HeatCell['excuse']>, string> = {
  'before-start': 'before the habit began',
  paused: 'paused',
  skipped: 'planned skip',
  'rest-day': 'rest day',
};

/** Paused days, planned skips and rest days are excused: they never count as missed (issue 4). */
export function heatState(cell: HeatCell, today: string): HeatState {
  if (cell.future || cell.date > today) return 'future';
  if (cell.done) return 'done';
  if (cell.excuse === 'before-start') return 'off';
  if (cell.excuse) return 'excused';
  return cell.scheduled ? 'missed' : 'off';
}

function describe(cell: HeatCell, state: HeatState): string {
  return !cell.done && cell.excuse && state !== 'future' ? excuseText[cell.excuse] : stateText[state];
}

/**
 * Lays the heat map out like a wall calendar: one column per week, Sunday at the top. Leading
 * slots before the first day are `null` so every column has seven rows.
 */
export function heatMapColumns(cells: readonly HeatCell[], today: string): Array<Array<HeatMapCell | null>> {
  const sorted = [...cells].sort((a, b) => a.date.localeCompare(b.date));
  const columns: Array<Array<HeatMapCell | null>> = [];
  let column: Array<HeatMapCell | null> = [];
  if (sorted.length > 0) {
    const lead = weekdayOf(sorted[0].date);
    column = Array.from({ length: lead }, () => null);
  }
  for (const cell of sorted) {
    const state = heatState(cell, today);
    column.push({ date: cell.date, state, label: `${cellLabel.format(parseIsoDate(cell.date))}: ${describe(cell, state)}` });
    if (column.length === 7) {
      columns.push(column);
      column = [];
    }
  }
  if (column.length > 0) columns.push([...column, ...Array.from({ length: 7 - column.length }, () => null)]);
  return columns;
}

export function heatMapSummary(cells: readonly HeatCell[], today: string): { done: number; scheduled: number } {
  const past = cells.filter((cell) => !cell.future && cell.date <= today);
  return {
    done: past.filter((cell) => cell.done).length,
    scheduled: past.filter((cell) => cell.scheduled && (cell.done || !cell.excuse)).length,
  };
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
