/** The product's option lists and constants: one copy, used by the services and the web app. */

export const spiritualGoals = [
  'Deeper prayer life',
  'Daily Bible reading',
  'Serving others',
  'Building community',
  'Spiritual disciplines',
  'Evangelism & discipleship',
] as const;

export const connectionOptions = [
  { id: 'bible', label: 'Bible Reading' },
  { id: 'prayer', label: 'Prayer' },
  { id: 'worship', label: 'Worship' },
  { id: 'community', label: 'Community' },
  { id: 'service', label: 'Service' },
  { id: 'nature', label: 'Nature' },
] as const;
export type ConnectionId = (typeof connectionOptions)[number]['id'];

export const reminderFrequencies = [
  { id: 'daily', label: 'Daily', description: 'Every morning' },
  { id: 'weekly', label: 'Weekly', description: 'Sunday evening' },
  { id: 'none', label: 'None', description: 'No reminders' },
] as const;
export type ReminderFrequency = (typeof reminderFrequencies)[number]['id'];
export const DEFAULT_REMINDER_FREQUENCY: ReminderFrequency = 'daily';
export const ONBOARDING_STEPS = 4;

export const moods = ['joyful', 'peaceful', 'grateful', 'reflective', 'hopeful'] as const;

export const resourceTypes = ['all', 'devotional', 'study', 'guide', 'sermon', 'curriculum'] as const;
export const resourceTopics = ['all', 'prayer', 'bible-study', 'community', 'discipleship', 'spiritual-growth', 'serving'] as const;

export const uploadCategories = [
  { id: 'devotional', label: 'Devotional' },
  { id: 'study', label: 'Bible Study' },
  { id: 'guide', label: 'Growth Guide' },
  { id: 'sermon', label: 'Sermon Notes' },
  { id: 'curriculum', label: 'Curriculum' },
  { id: 'other', label: 'Other' },
] as const;

export const tagSuggestions = [
  'prayer', 'bible-study', 'community', 'discipleship', 'spiritual-growth', 'worship',
  'serving', 'evangelism', 'leadership', 'faith', 'hope', 'love',
] as const;

export const targetAudiences = ['new-believers', 'growing-christians', 'mature-believers', 'leaders', 'all-levels'] as const;
export const visibilities = ['public', 'group', 'church', 'private'] as const;

export const habitCategories = [
  'Prayer', 'Bible Study', 'Worship', 'Service', 'Fellowship', 'Fasting', 'Meditation', 'Gratitude', 'Scripture Memory',
] as const;

/** Spec: "category (lowercase, with the first space replaced by a dash)". */
export const habitCategoryId = (label: string): string => label.toLowerCase().replace(' ', '-');

export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
export const LIBRARY_PAGE_SIZE = 12;
export const RECENT_JOURNAL_ENTRIES = 5;
export const JOURNAL_PREVIEW_CHARS = 100;
export const FREE_PLAN_GROUP_LIMIT = 1;

/** Reminder channels of a member who has not chosen any: the bell and e-mail (every e-mail can unsubscribe). */
export const DEFAULT_NOTIFICATION_CHANNELS: readonly ('in-app' | 'email' | 'sms')[] = ['in-app', 'email'];
