import { useEffect, useState } from 'react';

const TICK_MS = 15_000;

/** Answers given since the workspace opened, with a clock that ticks so the pace stays current. */
export function useSessionPace() {
  const [startedAt] = useState(() => Date.now());
  const [now, setNow] = useState(startedAt);
  const [answered, setAnswered] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, []);
  return {
    answered,
    startedAt,
    now,
    count: () => {
      setAnswered((n) => n + 1);
      setNow(Date.now());
    },
  };
}
