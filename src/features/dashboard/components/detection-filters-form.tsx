import { fromDateTimeLocal, toDateTimeLocal, type DetectionFilters, type SourceFilter } from '../utils/detection-filters';

export interface DetectionFiltersFormProps {
  filters: DetectionFilters;
  onChange: (filters: DetectionFilters) => void;
}

const SOURCES: { value: SourceFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'user', label: 'Users' },
  { value: 'model', label: 'Model' },
];

function readProbability(value: string): number | undefined {
  if (value === '') return undefined;
  const number = Number(value);
  return Number.isFinite(number) ? Math.min(1, Math.max(0, number)) : undefined;
}

/** A control for every query parameter of the detections list. */
export function DetectionFiltersForm({ filters, onChange }: DetectionFiltersFormProps) {
  const set = (changes: Partial<DetectionFilters>) => onChange({ ...filters, ...changes });
  return (
    <form className="filters" aria-label="Detection filters" onSubmit={(event) => event.preventDefault()}>
      <div className="field">
        <label className="field__label" htmlFor="filter-start">
          Updated after
        </label>
        <input
          id="filter-start"
          type="datetime-local"
          className="field__input"
          value={toDateTimeLocal(filters.start)}
          onChange={(e) => set({ start: fromDateTimeLocal(e.target.value) })}
        />
      </div>
      <div className="field">
        <label className="field__label" htmlFor="filter-end">
          Updated before
        </label>
        <input
          id="filter-end"
          type="datetime-local"
          className="field__input"
          value={toDateTimeLocal(filters.end)}
          onChange={(e) => set({ end: fromDateTimeLocal(e.target.value) })}
        />
      </div>
      <div className="field">
        <label className="field__label" htmlFor="filter-probability-lower">
          Lowest probability
        </label>
        <input
          id="filter-probability-lower"
          type="number"
          min={0}
          max={1}
          step={0.05}
          className="field__input"
          value={filters.probabilityLower ?? ''}
          placeholder="0"
          onChange={(e) => set({ probabilityLower: readProbability(e.target.value) })}
        />
      </div>
      <div className="field">
        <label className="field__label" htmlFor="filter-probability-upper">
          Highest probability
        </label>
        <input
          id="filter-probability-upper"
          type="number"
          min={0}
          max={1}
          step={0.05}
          className="field__input"
          value={filters.probabilityUpper ?? ''}
          placeholder="1"
          onChange={(e) => set({ probabilityUpper: readProbability(e.target.value) })}
        />
      </div>
      <label className="choice">
        <input type="checkbox" checked={filters.newestFirst} onChange={(e) => set({ newestFirst: e.target.checked })} />
        Newest first
      </label>
      <label className="choice">
        <input type="checkbox" checked={filters.withoutConsensus} onChange={(e) => set({ withoutConsensus: e.target.checked })} />
        Only without consensus
      </label>
      <fieldset className="fieldset">
        <legend>Source</legend>
        {SOURCES.map((source) => (
          <label key={source.value} className="choice">
            <input
              type="radio"
              name="detection-source"
              value={source.value}
              checked={filters.source === source.value}
              onChange={() => set({ source: source.value })}
            />
            {source.label}
          </label>
        ))}
      </fieldset>
    </form>
  );
}
