import { resourceTopics, resourceTypes, uploadCategories } from '@abide/contracts';

/** Sizes read in Bytes, KB, MB or GB (binary steps, up to two decimals). */
const SIZE_UNITS = ['Bytes', 'KB', 'MB', 'GB'] as const;
export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 Bytes';
  const step = Math.min(Math.floor(Math.log(bytes) / Math.log(1024)), SIZE_UNITS.length - 1);
  const value = Number.parseFloat((bytes / 1024 ** step).toFixed(2));
  return `${value} ${SIZE_UNITS[step]}`;
}

/** A card shows up to 3 tags, then '+N more'. */
export const CARD_TAG_LIMIT = 3;
export function cardTags(tags: readonly string[], limit = CARD_TAG_LIMIT): { shown: string[]; more: string | null } {
  const hidden = tags.length - limit;
  return { shown: tags.slice(0, limit), more: hidden > 0 ? `+${hidden} more` : null };
}

export function categoryLabel(id: string): string {
  return uploadCategories.find((c) => c.id === id)?.label ?? humanise(id);
}

/** 'bible-study' → 'Bible Study': option values are kebab-case ids. */
export function humanise(id: string): string {
  return id
    .split('-')
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

export type ResourceTypeFilter = (typeof resourceTypes)[number];
export type ResourceTopicFilter = (typeof resourceTopics)[number];

export const typeFilterOptions = resourceTypes.map((value) => ({
  value,
  label: value === 'all' ? 'All types' : categoryLabel(value),
}));
export const topicFilterOptions = resourceTopics.map((value) => ({
  value,
  label: value === 'all' ? 'All topics' : humanise(value),
}));

export interface LibraryFilters {
  q: string;
  type: ResourceTypeFilter;
  topic: ResourceTopicFilter;
}
export const noFilters: LibraryFilters = { q: '', type: 'all', topic: 'all' };

/** 'all' or empty means no filter, so neither is sent. */
export function filterParams(filters: LibraryFilters): { q?: string; category?: string; topic?: string } {
  const q = filters.q.trim();
  return {
    ...(q ? { q } : {}),
    ...(filters.type !== 'all' ? { category: filters.type } : {}),
    ...(filters.topic !== 'all' ? { topic: filters.topic } : {}),
  };
}

export type FilterKey = keyof LibraryFilters;
export interface FilterBadge {
  key: FilterKey;
  label: string;
}

/** The active-filter badges, in the order of the controls; each one clears its own filter. */
export function activeFilterBadges(filters: LibraryFilters): FilterBadge[] {
  const badges: FilterBadge[] = [];
  const q = filters.q.trim();
  if (q) badges.push({ key: 'q', label: `Search: “${q}”` });
  if (filters.type !== 'all') badges.push({ key: 'type', label: `Type: ${categoryLabel(filters.type)}` });
  if (filters.topic !== 'all') badges.push({ key: 'topic', label: `Topic: ${humanise(filters.topic)}` });
  return badges;
}

export function clearFilter(filters: LibraryFilters, key: FilterKey): LibraryFilters {
  return { ...filters, [key]: noFilters[key] };
}

/** The count line reads '{n} resource(s) found', from the server's true total. */
export function resourcesFound(total: number): string {
  return `${total} resource(s) found`;
}

/** 'Load More Resources' shows once 12 or more results are on screen and the server has more. */
export function showLoadMore(shown: number, hasMore: boolean, pageSize: number): boolean {
  return hasMore && shown >= pageSize;
}

/** '12 pages', '1 page', '3,400 words' — whichever the processing counted. */
export function lengthLabel(pages: number | null, words: number | null): string | null {
  const parts: string[] = [];
  if (pages !== null) parts.push(`${pages.toLocaleString('en-US')} ${pages === 1 ? 'page' : 'pages'}`);
  if (words !== null) parts.push(`${words.toLocaleString('en-US')} ${words === 1 ? 'word' : 'words'}`);
  return parts.length ? parts.join(' · ') : null;
}

export function downloadsLabel(downloads: number): string {
  return `${downloads.toLocaleString('en-US')} ${downloads === 1 ? 'download' : 'downloads'}`;
}
