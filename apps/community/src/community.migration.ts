import { Injectable } from '@nestjs/common';
import { EventStore } from '@abide/event-store';
import { OneTimeMigration, PrivateText } from '@abide/platform';
import {
  ACTIVITY_WEEKS_MARKER,
  keepActivityByWeek,
  fillMemberActivity,
  fillMemberPeople,
  MEMBER_ACTIVITY_MARKER,
  MEMBER_PEOPLE_MARKER,
} from './activity/projections/member-activity.migration';
import { MemberActivityStore } from './activity/projections/member-activity.store';
import { CHURCH_LOGOS_MARKER, fillChurchLogos } from './churches/projections/church-logos.migration';
import { ChurchLogos } from './churches/projections/church-logos';
import { MemberSharing } from './memberships/member-sharing';
import { moveSharingToMemberships, SHARING_MOVE_MARKER } from './memberships/sharing-move.migration';
import { PRAYER_TEXT_SEALING_MARKER, sealStoredPrayerText } from './prayers/prayer-text-sealing.migration';

/**
 * Community's one-time data steps, each behind its marker in `community_migrations`, in the order they run: the move
 * of sharing to memberships reads the people documents, so it comes after the step that fills them.
 */
@Injectable()
export class CommunityMigrations extends OneTimeMigration {
  constructor(
    private readonly activity: MemberActivityStore,
    private readonly sharing: MemberSharing,
    private readonly events: EventStore,
    private readonly texts: PrivateText,
    private readonly logos: ChurchLogos,
  ) {
    super('community_migrations');
  }

  protected steps() {
    return {
      [MEMBER_ACTIVITY_MARKER]: () => fillMemberActivity(this.activity, this.logger),
      [MEMBER_PEOPLE_MARKER]: () => fillMemberPeople(this.activity, this.logger),
      [SHARING_MOVE_MARKER]: { untilNothingLeft: () => moveSharingToMemberships(this.connection, this.sharing, this.logger) },
      [PRAYER_TEXT_SEALING_MARKER]: { untilNothingLeft: () => sealStoredPrayerText(this.events, this.texts, this.logger) },
      [CHURCH_LOGOS_MARKER]: () => fillChurchLogos(this.connection, this.logos),
      [ACTIVITY_WEEKS_MARKER]: () => keepActivityByWeek(this.activity, this.logger),
    };
  }
}
