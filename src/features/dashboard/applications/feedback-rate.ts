import type { Application } from '../../../api/schemas/application';

const perHour = (n: number) => `${n.toLocaleString()} ${n === 1 ? 'request' : 'requests'} an hour`;

/** The application's feedback rate in words: a fixed rate, or the rate the service chose for it now. */
export function feedbackRateText(app: Pick<Application, 'requested_feedback_per_hour' | 'system_feedback_per_hour'>): string {
  if (app.requested_feedback_per_hour !== null) return `${perHour(app.requested_feedback_per_hour)} (fixed)`;
  return `${perHour(app.system_feedback_per_hour)}, chosen by the service`;
}
