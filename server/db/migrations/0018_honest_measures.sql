-- Honest measures (docs/models.md, "Measures"): a release is judged by what its type answers with (boxes by IoU,
-- points by distance, counts and offsets by error, classes by a confusion table) on held-out answers, and a
-- candidate model is released only when it rests on enough of them and does at least as well as the current one.

-- The latest candidate a release fitted and what became of it (CandidateDecision in src/api/schemas/models.ts).
ALTER TABLE applications ADD COLUMN last_candidate jsonb;

-- Earlier releases were measured by their presence calls only, which graded a model that boxed nothing as perfect.
-- Those measures are dropped (the releases stay, as unmeasured ones), so that no dishonest figure is shown again.
UPDATE models SET validation = NULL, previous_validation = NULL, metrics = NULL
  WHERE validation IS NOT NULL AND NOT (validation -> 'model_performance' ? 'kind');
UPDATE applications SET current_performance = NULL
  WHERE current_performance IS NOT NULL AND NOT (current_performance ? 'kind');
