// `npm run simulate:team [-- --url http://127.0.0.1:8080 --seed 7]`: the simulated team on a running demo service
// (`npm start`), then each labeller's figures as the service's analytics give them.
import { parseArgs } from 'node:util';
import { simulateTeam, TEAM } from './team';

const { values } = parseArgs({ options: { url: { type: 'string', default: 'http://127.0.0.1:8080' }, seed: { type: 'string', default: '7' } } });
const seed = Number(values.seed);
if (!Number.isInteger(seed)) throw new Error('--seed is a whole number.');

const run = await simulateTeam(values.url, { seed });
const percent = (ratio: number | null) => (ratio === null ? '–' : `${(ratio * 100).toFixed(1)} %`);
console.log(`Team trial on People count's photographs: ${run.goldItems} gold items, ${run.answers} answers, ${run.resolvedReviews} disagreements resolved.`);
console.table(
  TEAM.map(({ email, careless }) => {
    const figures = run.labellers.get(email);
    return {
      labeller: email,
      answers_as: careless > 0 ? `${careless * 100} % at random` : 'the truth',
      answers: figures?.answers,
      'per hour': figures?.answers_per_hour?.toFixed(0),
      'median s': figures?.median_decision_time?.toFixed(1),
      'p90 s': figures?.p90_decision_time?.toFixed(1),
      agreement: percent(figures?.agreement ?? null),
      gold: `${percent(figures?.gold_accuracy ?? null)} of ${figures?.gold_answers ?? 0}`,
      flagged: figures?.flagged ? figures.flags.join(', ') : 'no',
    };
  }),
);
