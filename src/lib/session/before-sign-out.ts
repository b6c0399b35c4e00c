// Work that must be done while the person is still signed in, just before they sign out (for example handing
// leased items back, which needs their token).
const tasks = new Set<() => void>();

/** Runs `task` at the next sign-out (before the session goes); returns a function that cancels it. */
export function beforeSignOut(task: () => void): () => void {
  tasks.add(task);
  return () => tasks.delete(task);
}

export function runBeforeSignOut(): void {
  for (const task of [...tasks]) task();
}
