import type { Labeller } from '../../../api/schemas/labellers';
import { labellersCsv } from './labeller-csv';

const labeller: Labeller = {
  user_id: 'u-1',
  email: 'ann@acme.test',
  name: '=HYPERLINK("x"), Ann',
  answers: 40,
  skips: 2,
  active_seconds: 3600.5,
  answers_per_hour: 39.8,
  median_decision_time: 6.5,
  p90_decision_time: null,
  decided_items: 20,
  agreement: 0.75,
  corrected_in_review: 1,
  gold_answers: 5,
  gold_accuracy: 0.4,
  flagged: true,
  flags: ['agreement', 'gold_accuracy'],
};

describe('the labellers CSV', () => {
  it('has the service\'s field names, empty cells for missing figures, quoting, and no formulas', () => {
    const [header, row, end] = labellersCsv([labeller]).split('\r\n');
    // Every cell is quoted, as the service's CSVs are (src/api/csv-cells.ts).
    expect(header).toBe(
      '"user_id","email","name","answers","skips","active_seconds","answers_per_hour","median_decision_time","p90_decision_time","decided_items","agreement","corrected_in_review","gold_answers","gold_accuracy","flagged","flags"',
    );
    expect(row).toBe('"u-1","ann@acme.test","\'=HYPERLINK(""x""), Ann","40","2","3600.5","39.8","6.5","","20","0.75","1","5","0.4","true","agreement gold_accuracy"');
    expect(end).toBe('');
  });
});
