import { fromDateTimeLocal, toDateTimeLocal, type DetectionFilters, type SourceFilter } from './detection-filters';
import type { FilterField } from './filter-errors';
import { Field } from '../../../components/text-field';

/** A model whose proposals the browser can show. */
interface ModelChoice {
  version: number;
  label: string;
}

export interface DetectionFiltersFormProps {
  filters: DetectionFilters;
  onChange: (filters: DetectionFilters) => void;
  /** The current model's name, the default of the model source. */
  currentModel: string;
  /** The older models, newest first. */
  olderModels: readonly ModelChoice[];
  /** What the service refused, beside the filter concerned. */
  errors?: Partial<Record<FilterField, string>>;
}

const SOURCES: { value: SourceFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'user', label: 'People' },
  { value: 'model', label: 'Model' },
];

/** A field's error: its id for aria-describedby and the message under the control. */
function FieldError({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <p id={id} className="field__error">
      {message}
    </p>
  ) : null;
}

const invalid = (id: string, error: string | undefined) =>
  error ? { 'aria-invalid': true as const, 'aria-describedby': `${id}-error` } : {};

function readProbability(value: string): number | undefined {
  if (value === '') return undefined;
  const number = Number(value);
  return Number.isFinite(number) ? Math.min(1, Math.max(0, number)) : undefined;
}

interface FilterFieldProps<T> {
  id: string;
  label: string;
  value: T | undefined;
  onChange: (value: T | undefined) => void;
  error?: string;
}

function TimeFilter({ id, label, value, onChange, error }: FilterFieldProps<number>) {
  return (
    <Field label={label} htmlFor={id}>
      <input
        id={id}
        type="datetime-local"
        className="field__input"
        value={toDateTimeLocal(value)}
        onChange={(e) => onChange(fromDateTimeLocal(e.target.value))}
        {...invalid(id, error)}
      />
      <FieldError id={`${id}-error`} message={error} />
    </Field>
  );
}

function ProbabilityFilter({ id, label, value, placeholder, onChange, error }: FilterFieldProps<number> & { placeholder: string }) {
  return (
    <Field label={label} htmlFor={id}>
      <input
        id={id}
        type="number"
        min={0}
        max={1}
        step={0.05}
        className="field__input"
        value={value ?? ''}
        placeholder={placeholder}
        onChange={(e) => onChange(readProbability(e.target.value))}
        {...invalid(id, error)}
      />
      <FieldError id={`${id}-error`} message={error} />
    </Field>
  );
}

/** A control for every query parameter of the detections list. */
export function DetectionFiltersForm({ filters, onChange, currentModel, olderModels, errors = {} }: DetectionFiltersFormProps) {
  const set = (changes: Partial<DetectionFilters>) => onChange({ ...filters, ...changes });
  return (
    <form className="filters" aria-label="Detection filters" onSubmit={(event) => event.preventDefault()}>
      <TimeFilter id="filter-start" label="Updated after" value={filters.start} onChange={(start) => set({ start })} error={errors.start} />
      <TimeFilter id="filter-end" label="Updated before" value={filters.end} onChange={(end) => set({ end })} error={errors.end} />
      <ProbabilityFilter
        id="filter-probability-lower"
        label="Lowest probability"
        placeholder="0"
        value={filters.probabilityLower}
        onChange={(probabilityLower) => set({ probabilityLower })}
        error={errors.probabilityLower}
      />
      <ProbabilityFilter
        id="filter-probability-upper"
        label="Highest probability"
        placeholder="1"
        value={filters.probabilityUpper}
        onChange={(probabilityUpper) => set({ probabilityUpper })}
        error={errors.probabilityUpper}
      />
      <label className="choice">
        <input type="checkbox" checked={filters.newestFirst} onChange={(e) => set({ newestFirst: e.target.checked })} />
        Newest first
      </label>
      <label className="choice">
        <input type="checkbox" checked={filters.withoutConsensus} onChange={(e) => set({ withoutConsensus: e.target.checked })} />
        Only without consensus
      </label>
      <fieldset className="fieldset" aria-describedby={errors.source ? 'filter-source-error' : undefined}>
        <legend>Source</legend>
        {SOURCES.map((source) => (
          <label key={source.value} className="choice">
            <input
              type="radio"
              name="detection-source"
              value={source.value}
              checked={filters.source === source.value}
              onChange={() => set({ source: source.value, modelVersion: undefined })}
            />
            {source.label}
          </label>
        ))}
        {filters.source === 'model' && (
          <Field label="Model" htmlFor="filter-model" className="model-picker">
            <select
              id="filter-model"
              className="select"
              value={filters.modelVersion ?? ''}
              onChange={(e) => set({ modelVersion: e.target.value === '' ? undefined : Number(e.target.value) })}
            >
              <option value="">{currentModel} (current)</option>
              {olderModels.map((model) => (
                <option key={model.version} value={model.version}>
                  {model.label}
                </option>
              ))}
            </select>
          </Field>
        )}
        <FieldError id="filter-source-error" message={errors.source} />
      </fieldset>
    </form>
  );
}
