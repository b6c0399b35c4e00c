import { DEFAULT_ITEMS_PER_PULL, selectConfidenceFloor, setConfidenceFloor, setItemsPerPull, setUploadSubject, usePreferences } from './preferences';

describe('preferences', () => {
  afterEach(() => setItemsPerPull(DEFAULT_ITEMS_PER_PULL));

  it('keeps items per pull within what the service hands out, and in local storage', () => {
    setItemsPerPull(8);
    expect(usePreferences.getState().itemsPerPull).toBe(8);
    expect(JSON.parse(localStorage.getItem('looplabel-preferences')!).state).toMatchObject({ itemsPerPull: 8 });
    setItemsPerPull(25);
    expect(usePreferences.getState().itemsPerPull).toBe(10);
    setItemsPerPull(0);
    expect(usePreferences.getState().itemsPerPull).toBe(1);
  });

  it('remembers the upload subject per tenant, in local storage', () => {
    setUploadSubject('t-1', 's-a');
    setUploadSubject('t-2', 's-b');
    setUploadSubject('t-1', 's-c');
    expect(usePreferences.getState().uploadSubjects).toEqual({ 't-1': 's-c', 't-2': 's-b' });
    expect(JSON.parse(localStorage.getItem('looplabel-preferences')!).state.uploadSubjects).toEqual({ 't-1': 's-c', 't-2': 's-b' });
  });

  it('remembers the confidence floor per application, in whole percents from 0 to 1, in local storage', () => {
    expect(selectConfidenceFloor('app-1')(usePreferences.getState())).toBe(0);
    setConfidenceFloor('app-1', 0.456);
    setConfidenceFloor('app-2', 7);
    setConfidenceFloor('app-3', -1);
    const state = usePreferences.getState();
    expect([selectConfidenceFloor('app-1')(state), selectConfidenceFloor('app-2')(state), selectConfidenceFloor('app-3')(state)]).toEqual([0.46, 1, 0]);
    expect(JSON.parse(localStorage.getItem('looplabel-preferences')!).state.confidenceFloors).toEqual({ 'app-1': 0.46, 'app-2': 1, 'app-3': 0 });
  });
});
