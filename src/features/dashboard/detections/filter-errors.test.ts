import { BadRequestError, NotFoundError } from '../../../api/errors';
import { filterProblems } from './filter-errors';

describe('filterProblems', () => {
  it('puts the service’s comparison of the probabilities beside the lowest, in words', () => {
    const error = new BadRequestError(400, 'probability_lower cannot be above probability_upper.', [
      { field: 'probability_lower', message: 'Must not exceed probability_upper.' },
    ]);
    expect(filterProblems(error)).toEqual({
      byField: { probabilityLower: 'The lowest probability cannot be above the highest.' },
      general: null,
    });
  });

  it('reads the field from the message when the service gives no field errors', () => {
    const error = new BadRequestError(400, 'probability_lower cannot be above probability_upper.');
    expect(filterProblems(error)?.byField).toEqual({ probabilityLower: 'The lowest probability cannot be above the highest.' });
  });

  it('explains malformed values and the exclusive sources per field', () => {
    const error = new BadRequestError(400, 'Invalid probability_upper: Give a probability from 0 to 1.', [
      { field: 'probability_upper', message: 'Give a probability from 0 to 1.' },
      { field: 'start', message: 'Give a Unix time in seconds.' },
      { field: 'only_model', message: 'only_user and only_model cannot both be true.' },
    ]);
    expect(filterProblems(error)?.byField).toEqual({
      probabilityUpper: 'The highest probability is a number from 0 to 1, such as 0.75.',
      start: 'Give the date and time the results are updated after.',
      source: 'Choose one source: people or the model, not both.',
    });
  });

  it('keeps what no filter sets as one general sentence', () => {
    const error = new BadRequestError(400, 'Invalid limit: Too big.', [{ field: 'limit', message: 'Too big.' }]);
    expect(filterProblems(error)).toEqual({ byField: {}, general: 'The service did not accept these filters: Invalid limit: Too big.' });
  });

  it('leaves other failures to the page', () => {
    expect(filterProblems(new NotFoundError(404, 'Not found.'))).toBeNull();
    expect(filterProblems(new Error('offline'))).toBeNull();
  });
});
