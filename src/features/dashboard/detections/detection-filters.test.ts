import {
  filtersFromParams,
  fromDateTimeLocal,
  paramsFromFilters,
  queryFromFilters,
  toDateTimeLocal,
  type DetectionFilters,
} from './detection-filters';

const defaults: DetectionFilters = { newestFirst: false, withoutConsensus: false, source: 'all' };

describe('detection filters', () => {
  it('round-trips every filter through the URL', () => {
    const filters: DetectionFilters = {
      start: 1_700_000_000,
      end: 1_700_086_400,
      probabilityLower: 0.2,
      probabilityUpper: 0.9,
      newestFirst: true,
      withoutConsensus: true,
      source: 'model',
    };
    const params = paramsFromFilters(filters);
    expect(params.toString()).toBe(
      'start=1700000000&end=1700086400&probability_lower=0.2&probability_upper=0.9&reverse=true&consensus_none=true&source=model',
    );
    expect(filtersFromParams(new URLSearchParams(params.toString()))).toEqual(filters);
  });

  it('leaves defaults out of the URL and reads an empty URL as the defaults', () => {
    expect(paramsFromFilters(defaults).toString()).toBe('');
    expect(filtersFromParams(new URLSearchParams())).toEqual(defaults);
  });

  it('ignores malformed or out-of-range values', () => {
    const filters = filtersFromParams(
      new URLSearchParams('start=yesterday&probability_lower=-1&probability_upper=1.5&source=robots&reverse=yes'),
    );
    expect(filters).toEqual(defaults);
  });

  it('turns the source choice into at most one of only_user and only_model', () => {
    expect(queryFromFilters({ ...defaults, source: 'user' })).toEqual({ limit: 60, only_user: true });
    expect(queryFromFilters({ ...defaults, source: 'model' })).toEqual({ limit: 60, only_model: true });
    const all = queryFromFilters(defaults);
    expect(all.only_user).toBeUndefined();
    expect(all.only_model).toBeUndefined();
  });

  it('keeps an older model version only with the model source', () => {
    const older: DetectionFilters = { ...defaults, source: 'model', modelVersion: 2 };
    expect(paramsFromFilters(older).toString()).toBe('source=model&model_version=2');
    expect(filtersFromParams(new URLSearchParams('source=model&model_version=2'))).toEqual(older);
    expect(queryFromFilters(older)).toEqual({ limit: 60, only_model: true, model_version: 2 });
    expect(filtersFromParams(new URLSearchParams('source=model&model_version=0')).modelVersion).toBe(0);
    expect(filtersFromParams(new URLSearchParams('source=user&model_version=2')).modelVersion).toBeUndefined();
    expect(filtersFromParams(new URLSearchParams('source=model&model_version=1.5')).modelVersion).toBeUndefined();
    expect(queryFromFilters({ ...defaults, source: 'user', modelVersion: 2 })).toEqual({ limit: 60, only_user: true });
  });

  it('maps every filter onto the service parameter of the same meaning', () => {
    expect(
      queryFromFilters({ start: 10, end: 20, probabilityLower: 0.1, probabilityUpper: 0.5, newestFirst: true, withoutConsensus: true, source: 'all' }, 25),
    ).toEqual({ limit: 25, start: 10, end: 20, probability_lower: 0.1, probability_upper: 0.5, reverse: true, consensus_none: true });
  });

  it('converts a datetime-local value to Unix seconds and back', () => {
    const seconds = fromDateTimeLocal('2024-03-05T14:30');
    expect(seconds).toBeDefined();
    expect(toDateTimeLocal(seconds)).toBe('2024-03-05T14:30');
    expect(fromDateTimeLocal('')).toBeUndefined();
    expect(toDateTimeLocal(undefined)).toBe('');
  });
});
