import { useMutation } from '@tanstack/react-query';
import { useLayoutEffect, useRef, useState } from 'react';
import { predictWithExemplars } from '../../../api/endpoints/predict';
import type { ExemplarRequest } from '../../../api/schemas/prediction';
import type { Focus } from '../../../api/types';
import { getApiClient } from '../../../lib/api-client';
import { predictionKeys } from '../../../lib/queries/keys';
import type { Annotation, AnyTypeModule, Edit, Exemplars } from '../contract/type-module';
import { findOutcome, withPrediction } from './finds';

/** What the last find on an item said: its outcome, or why it failed. */
export interface FindNote {
  readonly mediaId: string;
  readonly text: string;
  readonly failed: boolean;
}

interface FindMoreOptions {
  readonly appId: string;
  readonly mediaId: string;
  /** The item's focus: only it is searched. */
  readonly focus: Focus | null;
  readonly module: AnyTypeModule;
  readonly annotation: Annotation;
  readonly edit: Edit<Annotation>;
}

/**
 * "Find more like these" on the item: the service's predict with the exemplars (React Query's mutation), whose finds
 * the type's module adds in one edit. A late answer for an item the labeller has left changes nothing.
 */
export function useFindMore({ appId, mediaId, focus, module, annotation, edit }: FindMoreOptions) {
  const mutation = useMutation({
    mutationKey: predictionKeys.exemplars(appId),
    mutationFn: (request: ExemplarRequest) => predictWithExemplars(getApiClient(), appId, request),
  });
  const [note, setNote] = useState<FindNote | null>(null);
  const current = useRef({ mediaId, annotation });
  useLayoutEffect(() => {
    current.current = { mediaId, annotation };
  });

  const find = (exemplars: Exemplars) => {
    const capability = module.exemplars;
    if (!capability) return;
    setNote(null);
    mutation.mutate(
      { mediaId, subjectUid: exemplars.subjectUid, exemplars: exemplars.boxes, focus },
      {
        onSuccess: (prediction) => {
          if (current.current.mediaId !== mediaId) return;
          const { added } = withPrediction(capability, current.current.annotation, prediction, exemplars);
          if (added > 0) edit((a) => withPrediction(capability, a, prediction, exemplars).annotation);
          setNote({ mediaId, text: findOutcome(added), failed: false });
        },
        onError: (error) => setNote({ mediaId, text: `Could not find more like these: ${error.message}`, failed: true }),
      },
    );
  };
  const finding = mutation.isPending && mutation.variables.mediaId === mediaId;
  return { find, finding, note: !finding && note?.mediaId === mediaId ? note : null };
}
