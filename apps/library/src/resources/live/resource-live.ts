import { Injectable, type OnModuleInit } from '@nestjs/common';
import type { EventType, LiveChange } from '@abide/contracts';
import { CommandRunner, type StoredEvent } from '@abide/event-store';
import { type LiveRecipients, LiveSignals } from '@abide/messaging';

/** A live signal to send: to whom, what changed (docs/architecture.md, "Live updates"). */
export interface LiveNotice {
  to: LiveRecipients;
  change: LiveChange;
}

/** What changes a resource's place in the Review Queue (it enters it, or leaves it by a decision or a deletion). */
const reviewQueueEvents = new Set<EventType>([
  'library.resource.queued-for-review',
  'library.resource.approved',
  'library.resource.rejected',
  'library.resource.deleted',
]);
/** A download only moves a counter on the library's cards: no one's screen needs to be pushed for it. */
const quietEvents = new Set<EventType>(['library.resource.downloaded']);

/**
 * Who hears of a resource's events: its owner (My uploads shows every status it passes through) and, when the
 * Review Queue changes, the moderators. The owner comes from the event itself, never from the request.
 */
export const resourceLiveNotices = (event: Pick<StoredEvent, 'type' | 'data'>): LiveNotice[] => {
  if (!event.type.startsWith('library.resource.') || quietEvents.has(event.type)) return [];
  const { resourceId, ownerId } = event.data as { resourceId: string; ownerId: string };
  const notices: LiveNotice[] = [{ to: { members: [ownerId] }, change: { kind: 'upload', resourceId } }];
  if (reviewQueueEvents.has(event.type)) notices.push({ to: { role: 'moderation' }, change: { kind: 'review-queue' } });
  return notices;
};

/** Sends the library's live signals once each append's read models are written. */
@Injectable()
export class ResourceLive implements OnModuleInit {
  constructor(
    private readonly runner: CommandRunner,
    private readonly live: LiveSignals,
  ) {}

  onModuleInit(): void {
    this.runner.onStored((events) => {
      for (const event of events) {
        for (const notice of resourceLiveNotices(event)) this.live.tell(notice.to, notice.change, event.correlationId);
      }
    });
  }
}
