import { fieldErrorsByName } from './field-errors';

describe('fieldErrorsByName', () => {
  it('keys errors by field, reading list indexes either way and joining repeats', () => {
    expect(
      fieldErrorsByName([
        { field: 'detection_thresholds.s-cat', message: 'Must be at most 1.' },
        { field: 'app_managers[0]', message: 'Not an email.' },
        { field: 'name', message: 'Too long.' },
        { field: 'name', message: 'Taken.' },
      ]),
    ).toEqual({
      'detection_thresholds.s-cat': 'Must be at most 1.',
      'app_managers.0': 'Not an email.',
      name: 'Too long. Taken.',
    });
  });
});
