import { DEFAULT_FEEDBACK_CONFIG } from '../config';
import type { PeriodicJob } from '../jobs/queue';
import type { ServiceContext } from '../service-context';
import { refreshQueuedWorth } from './queue-worth';
import { scheduleDue } from './scheduler';

/**
 * Every `feedback.scheduleIntervalSeconds`: rates the waiting requests again (answers change what they are worth),
 * then schedules waiting candidates (as budgets free up over the hour); new candidates are also scheduled as they
 * arrive. None when the interval is 0.
 */
export function feedbackSchedulingJob({ db, config }: Pick<ServiceContext, 'db' | 'config'>): PeriodicJob | null {
  const { scheduleIntervalSeconds } = config.feedback ?? DEFAULT_FEEDBACK_CONFIG;
  if (scheduleIntervalSeconds === 0) return null;
  return {
    name: 'feedback-scheduling',
    intervalSeconds: scheduleIntervalSeconds,
    run: async () => {
      await refreshQueuedWorth(db);
      return scheduleDue(db);
    },
  };
}
