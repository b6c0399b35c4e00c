import type { FastifyInstance } from 'fastify';
import { startPeriodicTask } from '../callbacks/periodic-task';
import { DEFAULT_FEEDBACK_CONFIG } from '../config';
import { scheduleDue } from './scheduler';

/**
 * Schedules waiting feedback candidates every `feedback.scheduleIntervalSeconds` (as budgets free up over the
 * hour); new candidates are also scheduled as they arrive. Stops when the app closes.
 */
export function registerFeedbackScheduler(app: FastifyInstance): void {
  const { scheduleIntervalSeconds } = app.config.feedback ?? DEFAULT_FEEDBACK_CONFIG;
  if (scheduleIntervalSeconds === 0) return;
  const task = startPeriodicTask(
    () => scheduleDue(app.db),
    scheduleIntervalSeconds * 1000,
    (error) => app.log.error({ err: error }, 'Scheduling feedback failed.'),
  );
  app.addHook('onClose', () => task.stop());
}
