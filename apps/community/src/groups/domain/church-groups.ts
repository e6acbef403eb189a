import type { EventPayload } from '@abide/contracts';

/**
 * The groups that belong to one church, as one document keyed by the church (`church_groups`): its page and "My
 * church" in Discover read it by key. Group streams feed it, so it keeps the last version applied per group stream.
 */
export interface ChurchGroups {
  groups: Record<string, true>;
  versions: Record<string, number>;
}

export const emptyChurchGroups = (): ChurchGroups => ({ groups: {}, versions: {} });

export const churchGroupsEvents = ['community.group.attached-to-church', 'community.group.detached-from-church'] as const;

export type ChurchGroupsEvent = EventPayload<(typeof churchGroupsEvents)[number]> & { streamId: string; version: number };

export const applyToChurchGroups = (doc: ChurchGroups, event: ChurchGroupsEvent): boolean => {
  if ((doc.versions[event.streamId] ?? 0) >= event.version) return false;
  if (event.type === 'community.group.attached-to-church') doc.groups[event.data.groupId] = true;
  else delete doc.groups[event.data.groupId];
  doc.versions[event.streamId] = event.version;
  return true;
};

export const groupIdsOf = (doc: ChurchGroups): string[] => Object.keys(doc.groups);
