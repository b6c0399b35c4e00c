import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { applications } from '../db/schema';
import { createTestApp, type TestApp } from '../testing/test-app';
import { considerForFeedback, pendingCount, scheduleDue } from './scheduler';
import { SYSTEM_FEEDBACK_PER_HOUR } from '../domain/applications';
import { insertApplication, insertMedia, insertSubject } from './test-fixtures';

let t: TestApp;
let tenantId: string;
let red: string;

beforeAll(async () => {
  t = await createTestApp({ seed: true, config: { feedback: { scheduleIntervalSeconds: 0, releaseEveryAnswers: 0, leaseSeconds: 1200 } } });
  tenantId = t.demo!.tenantIds.demoLab;
  red = await insertSubject(t.db, tenantId, 'red');
});
afterAll(() => t.close());

const proposal = (probability: number) => [
  { subject_uid: red, probability, uncal_prob: probability, app_data_type: null, app_data: null },
];

describe('the feedback scheduler', () => {
  it('schedules at most requested_feedback_per_hour an hour, the rest when the hour has passed', async () => {
    const app = await insertApplication(t.db, tenantId, 'classification', [red], { requestedFeedbackPerHour: 2 });
    for (let i = 0; i < 5; i += 1) {
      const mediaRow = await insertMedia(t.db, tenantId, { width: 10, height: 10 });
      await considerForFeedback(t.db, app, mediaRow.mediaId, null, proposal(0.5), null, 1000);
    }
    expect(await pendingCount(t.db, app.applicationId)).toBe(2);
    await scheduleDue(t.db, 2000);
    expect(await pendingCount(t.db, app.applicationId)).toBe(2);
    await scheduleDue(t.db, 1000 + 3601);
    expect(await pendingCount(t.db, app.applicationId)).toBe(4);
  });

  it('ignores unambiguous proposals and reports the system rate when none is requested', async () => {
    const app = await insertApplication(t.db, tenantId, 'classification', [red]);
    const mediaRow = await insertMedia(t.db, tenantId, { width: 10, height: 10 });
    expect(await considerForFeedback(t.db, app, mediaRow.mediaId, null, proposal(0.99), null)).toBe(false);
    expect(await considerForFeedback(t.db, app, mediaRow.mediaId, null, proposal(0.45), null)).toBe(true);
    const [row] = await t.db.select().from(applications).where(eq(applications.applicationId, app.applicationId));
    expect(row!.systemFeedbackPerHour).toBe(SYSTEM_FEEDBACK_PER_HOUR);
  });
});
