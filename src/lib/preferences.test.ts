import { DEFAULT_ITEMS_PER_PULL, setItemsPerPull, usePreferences } from './preferences';

describe('preferences', () => {
  afterEach(() => setItemsPerPull(DEFAULT_ITEMS_PER_PULL));

  it('keeps items per pull within what the service hands out, and in local storage', () => {
    setItemsPerPull(8);
    expect(usePreferences.getState().itemsPerPull).toBe(8);
    expect(JSON.parse(localStorage.getItem('looplabel-preferences')!).state).toEqual({ itemsPerPull: 8 });
    setItemsPerPull(25);
    expect(usePreferences.getState().itemsPerPull).toBe(10);
    setItemsPerPull(0);
    expect(usePreferences.getState().itemsPerPull).toBe(1);
  });
});
