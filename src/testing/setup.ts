import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { act } from 'react';
import { afterEach, vi } from 'vitest';
import type * as Zustand from 'zustand';

// Test files share their worker's modules (vitest's isolate: false), so a zustand store would carry one test's
// state into the next: every store made through `create` is put back to its first state after each test.
// The set lives on globalThis: this file runs again for every test file, the stores' modules only once per worker.
const storeResets = vi.hoisted(() => {
  const shared = globalThis as { storeResets?: Set<() => void> };
  return (shared.storeResets ??= new Set());
});
vi.mock('zustand', async (importOriginal) => {
  const zustand = await importOriginal<typeof Zustand>();
  const createResettable = <T>(initializer: Zustand.StateCreator<T>) => {
    const store = zustand.create(initializer);
    storeResets.add(() => store.setState(store.getInitialState(), true));
    return store;
  };
  const create = <T>(initializer?: Zustand.StateCreator<T>) => (initializer ? createResettable(initializer) : createResettable);
  return { ...zustand, create };
});

// A whole page rendered against the fake service can take over a second on a busy two-core machine.
configure({ asyncUtilTimeout: 5_000 });

// jsdom has <dialog> but not its methods; this is the part of their behaviour the app relies on.
if (!HTMLDialogElement.prototype.showModal) {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.open = false;
  };
}

afterEach(() => {
  cleanup();
  act(() => storeResets.forEach((reset) => reset()));
  sessionStorage.clear();
  localStorage.clear();
});
