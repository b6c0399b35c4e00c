import { useEffect, useState } from 'react';
import { useSightStore } from '../view/sight-store';

/** How long the cue stays after the last refused key or click. */
const CUE_MS = 900;

/**
 * A brief word over the image when a key or click came before the item had been seen long enough (it did nothing),
 * so that a fast labeller learns the rhythm instead of wondering where an answer went.
 */
export function SightCue() {
  const refusedAt = useSightStore((sight) => sight.refusedAt);
  const [expired, setExpired] = useState<number | null>(null);
  useEffect(() => {
    if (refusedAt === null) return;
    const timer = setTimeout(() => setExpired(refusedAt), CUE_MS);
    return () => clearTimeout(timer);
  }, [refusedAt]);
  const visible = refusedAt !== null && refusedAt !== expired;
  return (
    <p className="sight-cue" role="status" data-testid="sight-cue" hidden={!visible}>
      {visible && 'Too soon: look first. That key or click did nothing.'}
    </p>
  );
}
