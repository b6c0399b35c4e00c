import { DEFAULT_FEEDBACK_CONFIG } from '../config';
import type { PeriodicJob } from '../jobs/queue';
import type { ServiceContext } from '../service-context';
import { scheduleDue } from './scheduler';

/**
 * Schedules waiting feedback candidates every `feedback.scheduleIntervalSeconds` (as budgets free up over the
 * hour); new candidates are also scheduled as they arrive. None when the interval is 0.
 */
export function feedbackSchedulingJob({ db, config }: Pick<ServiceContext, 'db' | 'config'>): PeriodicJob | null {
  const { scheduleIntervalSeconds } = config.feedback ?? DEFAULT_FEEDBACK_CONFIG;
  if (scheduleIntervalSeconds === 0) return null;
  return { name: 'feedback-scheduling', intervalSeconds: scheduleIntervalSeconds, run: () => scheduleDue(db) };
}
