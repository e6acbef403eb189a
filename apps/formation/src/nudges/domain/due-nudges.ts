import { addDays, type LocalDate, localDateOf, localMinutesOf, weekdayOf, weekStartOf } from '@abide/calendar';

export type Channel = 'in-app' | 'email' | 'sms';

export interface NudgeMember {
  userId: string;
  timeZone: string;
  reminderFrequency: 'daily' | 'weekly' | 'none';
  channels: readonly Channel[];
  email: string | null;
  phoneNumber: string | null;
  /** E-mail reminders turned off through an unsubscribe link. */
  emailUnsubscribed: boolean;
  /** The member's standing opt-in to texts at `phoneNumber`: without it no text, whatever the channels say. */
  smsOptedIn: boolean;
  deleted?: boolean;
  /** Reminders already claimed on the member's recent local days (idempotency keys), for the daily cap. */
  sent: ReadonlyArray<{ key: string; localDate: LocalDate }>;
}

export type NudgeHabitFrequency = { kind: 'daily' } | { kind: 'weekly' } | { kind: 'weekdays'; days: readonly number[] };

export interface NudgeHabit {
  habitId: string;
  userId: string;
  name: string;
  reminderTime: string | null;
  isActive: boolean;
  archived: boolean;
  frequency: NudgeHabitFrequency;
}

/** Something the member did on a local day: a habit check-in (with habitId), a journal entry or plan activity (without). */
export interface NudgeActivity {
  userId: string;
  localDate: LocalDate;
  habitId?: string;
}

export interface Nudge {
  /** `member:slot:localDate`, unique: never twice for the same slot. */
  key: string;
  userId: string;
  slot: string;
  localDate: LocalDate;
  kind: 'daily' | 'weekly' | 'habit';
  habitId?: string;
  title: string;
  body: string;
  link: string;
  channels: Channel[];
}

export interface DueNudgeOptions {
  /** Local quiet hours; nothing goes out inside them (default 21:00–07:00). */
  quietHours?: { start: string; end: string };
  /** Reminders per member per local day (default 3). */
  dailyCap?: number;
  /** A slot missed by up to this much (e.g. after a restart) is still sent that day (default 120 minutes). */
  lookbackMinutes?: number;
}

export const DAILY_REMINDER_TIME = '07:30';
export const WEEKLY_REMINDER = { weekday: 0, time: '18:00' } as const;
export const DEFAULT_QUIET_HOURS = { start: '21:00', end: '07:00' } as const;
export const DEFAULT_DAILY_CAP = 3;

const minutesOf = (hhmm: string): number => {
  const [h, m] = hhmm.split(':').map(Number);
  return h * 60 + m;
};

export const parseQuietHours = (range: string): { start: string; end: string } => {
  const [start, end] = range.split('-');
  return { start, end };
};

/** True when `minutes` lies inside the quiet window, which may wrap midnight (21:00–07:00). */
export const inQuietHours = (minutes: number, quiet: { start: string; end: string }): boolean => {
  const [start, end] = [minutesOf(quiet.start), minutesOf(quiet.end)];
  if (start === end) return false;
  return start < end ? minutes >= start && minutes < end : minutes >= start || minutes < end;
};

const isScheduledOn = (frequency: NudgeHabitFrequency, date: LocalDate): boolean =>
  frequency.kind !== 'weekdays' || frequency.days.includes(weekdayOf(date));

/** The channels a reminder can reach the member on now: chosen, with an address, and not unsubscribed or opted out. */
export const reachableChannels = (
  member: Pick<NudgeMember, 'channels' | 'email' | 'emailUnsubscribed' | 'phoneNumber' | 'smsOptedIn'>,
): Channel[] =>
  member.channels.filter(
    (c) =>
      c === 'in-app' ||
      (c === 'email' && !!member.email && !member.emailUnsubscribed) ||
      (c === 'sms' && !!member.phoneNumber && member.smsOptedIn),
  );

/**
 * Which reminders are due at `now`: the member's daily (07:30 local) or weekly (Sunday 18:00 local) reminder and
 * each active habit's reminder time, in the member's own zone. A slot is due once its local time has passed (by at
 * most the lookback, so a restart catches up but yesterday is never replayed); clock changes are handled by
 * comparing wall-clock times, so a 02:30 slot on a spring-forward night fires at 03:00 and a repeated hour fires
 * once (the key). Nothing inside quiet hours, nothing for a habit already done (that day, or that week for a weekly
 * habit), paused, archived or not scheduled that weekday, no daily reminder on a day the member was already
 * active, nothing for deleted members or members with no channel, and at most the daily cap per member and day
 * (earliest slots first). Pure: the caller claims each key in a unique index before sending.
 */
export const dueNudges = (
  members: readonly NudgeMember[],
  habits: readonly NudgeHabit[],
  entries: readonly NudgeActivity[],
  now: Date,
  options: DueNudgeOptions = {},
): Nudge[] => {
  const quiet = options.quietHours ?? DEFAULT_QUIET_HOURS;
  const cap = options.dailyCap ?? DEFAULT_DAILY_CAP;
  const lookback = options.lookbackMinutes ?? 120;
  const due: Nudge[] = [];

  for (const member of members) {
    if (member.deleted) continue;
    const channels = reachableChannels(member);
    if (channels.length === 0) continue;
    const today = localDateOf(now, member.timeZone);
    const minutes = localMinutesOf(now, member.timeZone);
    if (inQuietHours(minutes, quiet)) continue;
    const isDue = (time: string) => minutes >= minutesOf(time) && minutes - minutesOf(time) <= lookback;

    const mine = entries.filter((e) => e.userId === member.userId);
    const activeToday = mine.some((e) => e.localDate === today);
    const candidates: Array<Omit<Nudge, 'key' | 'userId' | 'localDate' | 'channels'> & { time: string }> = [];

    if (member.reminderFrequency === 'daily' && !activeToday && isDue(DAILY_REMINDER_TIME)) {
      candidates.push({
        slot: 'daily',
        kind: 'daily',
        time: DAILY_REMINDER_TIME,
        title: 'Your daily time with God',
        body: 'Take a few minutes today for prayer, scripture or a journal reflection.',
        link: '/plan',
      });
    }
    if (member.reminderFrequency === 'weekly' && weekdayOf(today) === WEEKLY_REMINDER.weekday && isDue(WEEKLY_REMINDER.time)) {
      candidates.push({
        slot: 'weekly',
        kind: 'weekly',
        time: WEEKLY_REMINDER.time,
        title: 'Your week with God',
        body: 'A new week begins: look back with gratitude and see your plan for the days ahead.',
        link: '/plan',
      });
    }
    const weekStart = weekStartOf(today);
    for (const habit of habits) {
      if (habit.userId !== member.userId || !habit.isActive || habit.archived || !habit.reminderTime) continue;
      if (!isScheduledOn(habit.frequency, today) || !isDue(habit.reminderTime)) continue;
      const done = mine.some(
        (e) =>
          e.habitId === habit.habitId &&
          (habit.frequency.kind === 'weekly' ? e.localDate >= weekStart && e.localDate <= today : e.localDate === today),
      );
      if (done) continue;
      candidates.push({
        slot: `habit-${habit.habitId}`,
        kind: 'habit',
        habitId: habit.habitId,
        time: habit.reminderTime,
        title: `Time for ${habit.name}`,
        body: `A gentle reminder for your habit “${habit.name}”. Check in when it is done.`,
        link: '/habits',
      });
    }

    const sentToday = new Set(member.sent.filter((s) => s.localDate === today).map((s) => s.key));
    let room = cap - sentToday.size;
    for (const candidate of candidates.sort((a, b) => minutesOf(a.time) - minutesOf(b.time) || a.slot.localeCompare(b.slot))) {
      const key = `${member.userId}:${candidate.slot}:${today}`;
      if (sentToday.has(key)) continue;
      if (room <= 0) break;
      room--;
      const { time: _time, ...nudge } = candidate;
      due.push({ ...nudge, key, userId: member.userId, localDate: today, channels });
    }
  }
  return due;
};

/** The local dates a scan needs activity and deliveries for: any member's today lies within a day of UTC's. */
export const scanWindow = (now: Date): { from: LocalDate; to: LocalDate } => {
  const utc = localDateOf(now, 'UTC');
  return { from: addDays(weekStartOf(utc), -7), to: addDays(utc, 1) };
};
