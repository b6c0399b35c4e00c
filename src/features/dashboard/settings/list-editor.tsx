import { Button } from '../../../components/button';
import { TextField } from '../../../components/text-field';

export interface ListEditorProps {
  legend: string;
  /** The name of one row, e.g. "URL" → "URL 1", "Add URL", "Remove URL 1". */
  itemLabel: string;
  values: readonly string[];
  onChange: (values: string[]) => void;
  /** Error by row index. */
  errorAt: (index: number) => string | undefined;
  error?: string;
  inputType?: 'url' | 'email';
  /** Shows the rows only, without the controls to add and remove them. */
  readOnly?: boolean;
}

/** A list of text rows that can be added and removed, each with its own error. */
export function ListEditor({ legend, itemLabel, values, onChange, errorAt, error, inputType, readOnly = false }: ListEditorProps) {
  const replace = (index: number, value: string) => onChange(values.map((old, i) => (i === index ? value : old)));
  return (
    <fieldset className="fieldset">
      <legend>{legend}</legend>
      <div className="list-rows">
        {values.length === 0 && <p className="muted">None.</p>}
        {values.map((value, index) => (
          <div key={index} className="inline-row">
            <TextField
              label={`${itemLabel} ${index + 1}`}
              type={inputType}
              value={value}
              onChange={(event) => replace(index, event.target.value)}
              error={errorAt(index)}
            />
            {!readOnly && (
              <Button variant="ghost" aria-label={`Remove ${itemLabel} ${index + 1}`} onClick={() => onChange(values.filter((_, i) => i !== index))}>
                Remove
              </Button>
            )}
          </div>
        ))}
        {!readOnly && (
          <div>
            <Button onClick={() => onChange([...values, ''])}>Add {itemLabel}</Button>
          </div>
        )}
      </div>
      {error && <p className="field__error">{error}</p>}
    </fieldset>
  );
}
