import { listLabellerAnswers } from '../src/api/endpoints/labellers';
import type { Labeller, LabellerAnswer } from '../src/api/schemas/labellers';
import { LABELLER_COLUMNS } from '../src/features/review/utils/labeller-columns';
import { simulateTeam, TEAM } from '../scripts/simulate-team/team';
import { recomputedTimes } from '../server/testing/decision-times';
import { apiAs, checkAndCapture, DEMO, expect, openDemoLab, test } from './support/fixtures';

/** A labeller's figures recomputed from their stored answers, as the API lists them, the plain way. */
function recomputed(answers: readonly LabellerAnswer[]) {
  const gold = answers.filter((answer) => answer.reference_source === 'gold');
  const decided = answers.filter((answer) => answer.reference_source === 'consensus');
  return {
    ...recomputedTimes(answers.map((answer) => answer.decision_time)),
    gold_answers: gold.length,
    gold_accuracy: gold.reduce((sum, answer) => sum + answer.score!, 0) / gold.length,
    decided_items: decided.length,
    agreement: decided.filter((answer) => answer.agrees).length / decided.length,
  };
}

test('a simulated team: the careless labeller is flagged by gold accuracy and agreement, and the page shows the figures their answers give', async ({ page, service }) => {
  test.setTimeout(240_000);
  const run = await simulateTeam(service.url, { seed: 7 });
  const tenantId = await openDemoLab(page, DEMO.admin);
  const admin = await apiAs(service, DEMO.admin, tenantId);
  for (const member of TEAM) {
    const figures = run.labellers.get(member.email)!;
    if (member.careless > 0) expect(figures).toMatchObject({ flagged: true, flags: ['agreement', 'gold_accuracy'] });
    else expect(figures).toMatchObject({ flagged: false, flags: [], gold_accuracy: 1, agreement: 1 });
    expect(figures.gold_answers).toBeGreaterThanOrEqual(5);
    const { data } = await listLabellerAnswers(admin, run.appId, figures.user_id, 200);
    for (const [name, value] of Object.entries(recomputed(data))) expect(figures[name as keyof Labeller], `${member.email} ${name}`).toBeCloseTo(value!, 6);
  }

  // The manager's Review tab: the flag with why, and each labeller's row as the figures read.
  await page.goto(`/t/${tenantId}/apps/${run.appId}/review`);
  const careless = run.labellers.get(TEAM[3].email)!;
  const notice = page.getByRole('region', { name: 'Flagged labellers' });
  await expect(notice).toContainText(`${TEAM[3].email}: agreement`);
  await expect(notice).toContainText(`gold accuracy ${Math.round(careless.gold_accuracy! * 100)} %`);
  const table = page.getByRole('table', { name: 'Labellers' });
  for (const member of TEAM) {
    const figures = run.labellers.get(member.email)!;
    await expect(table.getByRole('row', { name: new RegExp(member.email.replaceAll('.', '\\.')) }).getByRole('cell')).toHaveText(LABELLER_COLUMNS.slice(1).map((column) => column.text(figures)));
  }
  await expect(page.getByRole('img', { name: 'Answers per day, per labeller' })).toBeVisible();
  await checkAndCapture(page, 'labeller-analytics');

  // One click from the flag: the careless labeller's recent answers, each beside the truth it is judged by.
  await notice.getByRole('link', { name: 'See their recent answers' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${TEAM[3].email} · recent answers`);
  await expect(page.getByText('Differs from the decision').first()).toBeVisible();
  await expect(page.getByText(/Gold item: scored/).first()).toBeVisible();
  await checkAndCapture(page, 'labeller-answers');
  await page.getByLabel('Only answers that differ from the decision or the gold truth').check();
  await expect(page.locator('.verdict--bad').first()).toBeVisible();
  await expect(page.locator('.verdict--good')).toHaveCount(0);

  // The tenant's People page shows the same team across the tenant's applications.
  await page.getByRole('navigation', { name: 'Tenant' }).getByRole('link', { name: 'People' }).click();
  await expect(page.getByRole('table', { name: 'Labellers' }).getByRole('row', { name: /dee@team\.test/ })).toContainText('Flagged');
});
