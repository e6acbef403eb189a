import type { ChurchRole, EventPayload, EventTypesOf } from '@abide/contracts';
import { applyMembershipToRoster, membershipFactOf, type MembershipRoster } from '../../memberships/membership-model.port';

/**
 * What a church's page, its settings and its members list need, kept as one JSON document keyed by the church
 * (`church_pages`): the profile, the address, the join code, the members and the pending requests. One stream feeds
 * it, so the last version applied makes a repeated event harmless.
 */
export interface ChurchPage extends MembershipRoster<ChurchRole> {
  exists: boolean;
  slug: string;
  name: string;
  welcome: string;
  primaryColor: string;
  timeZone: string;
  joinCode: string;
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
  const fact = membershipFactOf('church', event);
  if (fact) {
    applyMembershipToRoster(page, fact, event.occurredAt);
    page.version = event.version;
    return true;
  }
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
    default:
      return false;
  }
  page.version = event.version;
  return true;
};

export const isOpenPage = (page: ChurchPage): boolean => page.exists && Object.keys(page.members).length > 0;
