import { LABELLERS_PER_ITEM } from '../../../api/limits';
import { releaseMetricChooses } from '../../../api/schemas/measures';
import { RELEASE_METRICS, type MeasureKind } from '../../../api/types';
import { Field, TextField } from '../../../components/text-field';
import { LearningCurveVerdict } from '../models/learning-curve';
import type { FieldErrors } from '../shared/field-errors';
import type { SettingsForm } from './settings-form';

export interface FeedbackSettingsProps {
  appId: string;
  form: SettingsForm;
  errors: FieldErrors;
  set: (changes: Partial<SettingsForm>) => void;
  /** The kind of measures the type's releases go by: the release metric is offered only where it chooses a figure. */
  measure: MeasureKind;
}

/** How a labellable application asks for feedback, how its labellers agree, and what its releases go by. */
export function FeedbackSettings({ appId, form, errors, set, measure }: FeedbackSettingsProps) {
  return (
    <>
      <fieldset className="fieldset">
        <legend>Requested feedback per hour</legend>
        <label className="choice">
          <input type="radio" name="feedback-mode" checked={form.feedbackMode === 'system'} onChange={() => set({ feedbackMode: 'system' })} />
          System chooses
        </label>
        <label className="choice">
          <input type="radio" name="feedback-mode" checked={form.feedbackMode === 'fixed'} onChange={() => set({ feedbackMode: 'fixed' })} />
          A fixed number
        </label>
        {form.feedbackMode === 'fixed' && (
          <TextField
            label="Requests per hour"
            type="number"
            min={0}
            step={1}
            value={form.feedbackPerHour}
            onChange={(e) => set({ feedbackPerHour: e.target.value })}
            error={errors.requested_feedback_per_hour}
          />
        )}
        {form.feedbackMode === 'system' && errors.requested_feedback_per_hour && (
          <p className="field__error">{errors.requested_feedback_per_hour}</p>
        )}
        <LearningCurveVerdict appId={appId} />
      </fieldset>
      <fieldset className="fieldset">
        <legend>Items to label</legend>
        <label className="choice">
          <input type="radio" name="feedback-scope" checked={form.feedback_scope === 'uncertain'} onChange={() => set({ feedback_scope: 'uncertain' })} />
          <span>
            Those the model is unsure of <span className="muted">(for a model at work: people answer where it helps most)</span>
          </span>
        </label>
        <label className="choice">
          <input type="radio" name="feedback-scope" checked={form.feedback_scope === 'all'} onChange={() => set({ feedback_scope: 'all' })} />
          <span>
            Every item, once <span className="muted">(for building a dataset: each new item of the input subjects, also those the model missed)</span>
          </span>
        </label>
        <p className="field__hint">
          Either way items reach the labellers at the rate above. To add items already here, select them on the Detections
          page and choose Queue for labelling.
        </p>
      </fieldset>
      <fieldset className="fieldset">
        <legend>Consensus</legend>
        <TextField
          label="Labellers per item"
          type="number"
          min={LABELLERS_PER_ITEM.min}
          max={LABELLERS_PER_ITEM.max}
          step={1}
          value={form.labellersPerItem}
          onChange={(e) => set({ labellersPerItem: e.target.value })}
          error={errors.labellers_per_item}
          hint="Distinct people who answer each item; with 2 or more, disagreements go to review."
        />
        <TextField
          label="Consensus tolerance"
          type="number"
          min={0}
          step="any"
          value={form.consensusTolerance}
          onChange={(e) => set({ consensusTolerance: e.target.value })}
          error={errors.consensus_tolerance}
          hint="How far counts and offsets may differ, and how many pixels apart points may lie, and still agree."
        />
      </fieldset>
      <label className="choice">
        <input type="checkbox" checked={form.refresh_feedback} onChange={(e) => set({ refresh_feedback: e.target.checked })} />
        Refresh waiting feedback when a new model is released
      </label>
      {releaseMetricChooses(measure) && (
        <Field label="Release metric" htmlFor="settings-release-metrics">
          <select
            id="settings-release-metrics"
            className="select"
            value={form.release_metrics}
            onChange={(e) => set({ release_metrics: e.target.value as SettingsForm['release_metrics'] })}
          >
            {RELEASE_METRICS.map((metric) => (
              <option key={metric} value={metric}>
                {metric}
              </option>
            ))}
          </select>
          {errors.release_metrics && <p className="field__error">{errors.release_metrics}</p>}
        </Field>
      )}
    </>
  );
}
