import type { SpiritualPlanDto } from '../../shared/api/generated/abideApi';
import type { StoredRequest } from '../../shared/offline/write-queue';
import { cachedReads, pathSegment, registerPendingOverlay, registerQueueableWrite } from '../../shared/offline/write-queue-registry';

/**
 * My Plan offline: an activity checked off (or back) waits in the queue when there is no connection and shows
 * checked at once; an activity gone from a regenerated plan refuses it when it is sent, and the member is told.
 */
const activityIdOf = (request: StoredRequest) => pathSegment(request.url, 3);

const activityName = (state: unknown, id: string): string => {
  for (const plan of cachedReads(state, 'currentPlan') as (SpiritualPlanDto | null)[]) {
    for (const day of plan?.planData.dailyActivities ?? []) {
      const activity = day.activities.find((candidate) => candidate.id === id);
      if (activity) return activity.name;
    }
  }
  return 'an activity';
};

registerQueueableWrite('plansToggle', {
  describe: (request, state) => {
    const name = `“${activityName(state, activityIdOf(request))}”`;
    return {
      label: (request.body as { completed?: boolean }).completed ? `Marking ${name} done` : `Marking ${name} not done`,
      subject: `activity:${activityIdOf(request)}`,
      tags: ['Plan', 'Stats'],
    };
  },
});

registerPendingOverlay('currentPlan', (data, pending) => {
  for (const write of pending) {
    if (write.endpoint !== 'plansToggle') continue;
    for (const day of (data as SpiritualPlanDto | null)?.planData.dailyActivities ?? []) {
      for (const activity of day.activities) {
        if (write.subject === `activity:${activity.id}`)
          activity.completed = (write.request.body as { completed?: boolean }).completed === true;
      }
    }
  }
});
