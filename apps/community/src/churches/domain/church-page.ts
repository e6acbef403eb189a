import type { ChurchRole, EventPayload, EventTypesOf } from '@abide/contracts';

/**
 * What a church's page, its settings and its members list need, kept as one JSON document keyed by the church
 * (`church_pages`): the profile, the address, the join code, the members and the pending requests. One stream feeds
 * it, so the last version applied makes a repeated event harmless.
 */
export interface ChurchPage {
  exists: boolean;
  slug: string;
  name: string;
  welcome: string;
  primaryColor: string;
  timeZone: string;
  joinCode: string;
  members: Record<string, { role: ChurchRole; joinedAt: string }>;
  /** Pending join requests by request id. */
  requests: Record<string, { userId: string; requestedAt: string }>;
  version: number;
}

export const emptyChurchPage = (): ChurchPage => ({
  exists: false,
  slug: '',
  name: '',
  welcome: '',
  primaryColor: '',
  timeZone: '',
  joinCode: '',
  members: {},
  requests: {},
  version: 0,
});

export type ChurchPageEvent = EventPayload<EventTypesOf<'community.church.'>> & { version: number; occurredAt: string };

/** Applies one event of the church's stream in place; false when it was applied before. */
export const applyToChurchPage = (page: ChurchPage, event: ChurchPageEvent): boolean => {
  if (page.version >= event.version) return false;
  switch (event.type) {
    case 'community.church.created': {
      const { churchId: _c, createdBy: _b, ...fields } = event.data;
      Object.assign(page, fields, { exists: true });
      break;
    }
    case 'community.church.profile-updated': {
      const { churchId: _c, updatedBy: _u, ...changes } = event.data;
      Object.assign(page, changes);
      break;
    }
    case 'community.church.slug-changed':
      page.slug = event.data.slug;
      break;
    case 'community.church.join-code-changed':
      page.joinCode = event.data.joinCode;
      break;
    case 'community.church.member-joined':
      page.members[event.data.userId] = { role: event.data.role, joinedAt: new Date(event.data.joinedAt).toISOString() };
      break;
    case 'community.church.member-left':
    case 'community.church.member-removed':
      delete page.members[event.data.userId];
      break;
    case 'community.church.member-role-changed': {
      const member = page.members[event.data.userId];
      if (member) member.role = event.data.role;
      break;
    }
    case 'community.church.join-requested':
      page.requests[event.data.requestId] = { userId: event.data.userId, requestedAt: new Date(event.occurredAt).toISOString() };
      break;
    case 'community.church.join-request-approved':
    case 'community.church.join-request-declined':
    case 'community.church.join-request-withdrawn':
      delete page.requests[event.data.requestId];
      break;
    default:
      return false;
  }
  page.version = event.version;
  return true;
};

export const isOpenPage = (page: ChurchPage): boolean => page.exists && Object.keys(page.members).length > 0;

/** Members, longest-standing first. */
export const pageMembers = (page: ChurchPage): Array<{ userId: string; role: ChurchRole; joinedAt: string }> =>
  Object.entries(page.members)
    .map(([userId, m]) => ({ userId, ...m }))
    .sort((a, b) => a.joinedAt.localeCompare(b.joinedAt));

/** Pending requests, oldest first. */
export const pageRequests = (page: ChurchPage): Array<{ id: string; userId: string; requestedAt: string }> =>
  Object.entries(page.requests)
    .map(([id, r]) => ({ id, ...r }))
    .sort((a, b) => a.requestedAt.localeCompare(b.requestedAt));
