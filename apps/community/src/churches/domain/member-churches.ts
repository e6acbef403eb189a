import { type ChurchRole, churchMembershipEventTypes, type EventPayload } from '@abide/contracts';

/**
 * A member's churches and pending requests, as one document keyed by the member (`member_churches`): My Churches,
 * the frame's branding and switcher, "My church" in Discover, account deletion. Several church streams feed it, so it
 * remembers the last version applied per stream.
 */
export interface MemberChurches {
  /** `shares`: whether the member shows the church's pastors and admins their progress (absent: no, #26). */
  churches: Record<string, { role: ChurchRole; joinedAt: string; shares?: boolean }>;
  /** Pending join requests by request id. */
  requests: Record<string, { churchId: string; requestedAt: string }>;
  versions: Record<string, number>;
}

export const emptyMemberChurches = (): MemberChurches => ({ churches: {}, requests: {}, versions: {} });

export const memberChurchesEvents = [
  ...churchMembershipEventTypes,
  'community.church.member-sharing-changed',
  'community.church.join-requested',
  'community.church.join-request-approved',
  'community.church.join-request-declined',
  'community.church.join-request-withdrawn',
] as const;

export type MemberChurchesEvent = EventPayload<(typeof memberChurchesEvents)[number]> & {
  streamId: string;
  version: number;
  occurredAt: string;
};

export const applyToMemberChurches = (doc: MemberChurches, event: MemberChurchesEvent): boolean => {
  if ((doc.versions[event.streamId] ?? 0) >= event.version) return false;
  const { churchId } = event.data;
  switch (event.type) {
    case 'community.church.member-joined':
      doc.churches[churchId] = { role: event.data.role, joinedAt: new Date(event.data.joinedAt).toISOString() };
      break;
    case 'community.church.member-left':
    case 'community.church.member-removed':
      delete doc.churches[churchId];
      break;
    case 'community.church.member-role-changed': {
      const church = doc.churches[churchId];
      if (church) church.role = event.data.role;
      break;
    }
    case 'community.church.member-sharing-changed': {
      const church = doc.churches[churchId];
      if (church) church.shares = event.data.shares;
      break;
    }
    case 'community.church.join-requested':
      doc.requests[event.data.requestId] = { churchId, requestedAt: new Date(event.occurredAt).toISOString() };
      break;
    case 'community.church.join-request-approved':
    case 'community.church.join-request-declined':
    case 'community.church.join-request-withdrawn':
      delete doc.requests[event.data.requestId];
      break;
    default:
      return false;
  }
  doc.versions[event.streamId] = event.version;
  return true;
};

/** The member's churches, oldest membership first (the first is the frame's default). */
export const churchesOf = (doc: MemberChurches): Array<{ churchId: string; role: ChurchRole; joinedAt: string; shares: boolean }> =>
  Object.entries(doc.churches)
    .map(([churchId, c]) => ({ churchId, ...c, shares: c.shares === true }))
    .sort((a, b) => a.joinedAt.localeCompare(b.joinedAt));

export const pendingChurchRequests = (doc: MemberChurches): Array<{ churchId: string; requestedAt: string }> =>
  Object.values(doc.requests).sort((a, b) => a.requestedAt.localeCompare(b.requestedAt));
