import { isAtLeastAsGood, releaseFigure } from '../../src/api/schemas/measures';
import type { CandidateDecision, ModelEvaluation } from '../../src/api/schemas/models';
import type { ReleaseMetric } from '../../src/api/types';

/**
 * The release rule: a candidate replaces the current model when its measure rests on enough held-out answers and
 * the figure the application's release_metrics names is at least as good as the current model's on the same
 * answers. Never on "not enough answers".
 */
export function decideCandidate(
  candidate: ModelEvaluation,
  current: ModelEvaluation,
  metric: ReleaseMetric,
): Omit<CandidateDecision, 'decided_at' | 'version' | 'forced'> {
  const candidateFigure = releaseFigure(candidate.model_performance, metric);
  const currentFigure = releaseFigure(current.model_performance, metric);
  const outcome =
    candidate.model_performance.reason !== null ? 'not_enough_answers' : isAtLeastAsGood(candidateFigure, currentFigure) ? 'released' : 'not_better';
  return {
    outcome,
    n: candidate.model_performance.n,
    figure: candidateFigure.key,
    candidate: candidateFigure.value,
    current: currentFigure.value,
  };
}

type Decision = Omit<CandidateDecision, 'decided_at' | 'version'>;

/**
 * A manager's "Release anyway" (`force`): a candidate the rule kept back is released all the same, recorded as
 * forced; one the rule releases is not forced. `outcome` keeps what the rule said.
 */
export const forcedIf = (force: boolean, decision: ReturnType<typeof decideCandidate>): Decision => ({
  ...decision,
  forced: force && decision.outcome !== 'released',
});

/** Whether the candidate becomes the next model version. */
export const isReleased = (decision: Decision) => decision.outcome === 'released' || decision.forced;
