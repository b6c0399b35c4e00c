// navigator.onLine says "online" on a network that does not reach the service, and Chromium says so after a reload
// made offline; whether the app's last request got an answer is the better signal of the two.

type ReachListener = (reached: boolean) => void;

let reached = true;
const listeners = new Set<ReachListener>();

export interface ReachSignal {
  isReached(): boolean;
  subscribe(listener: ReachListener): () => void;
}

/** Whether the app's last request reached the service, fed by the app's API client. */
export const serviceReach: ReachSignal = {
  isReached: () => reached,
  subscribe(listener) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export function reportReach(next: boolean): void {
  if (next === reached) return;
  reached = next;
  for (const listener of listeners) listener(next);
}
