import { useState } from 'react';
import type { Subject } from '../../../api/schemas/subjects';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { TextField } from '../../../components/text-field';
import { useCreateSubject } from './create-subject';

export interface SubjectPickerProps {
  legend: string;
  subjects: readonly Subject[];
  selected: readonly string[];
  onChange: (selected: string[]) => void;
  disabled?: boolean;
  error?: string;
}

// The list scrolls; a subject just created lands somewhere in it, checked, and should be seen to.
const revealInList = (element: HTMLElement | null) => element?.scrollIntoView?.({ block: 'nearest' });

/** From this many subjects on, a filter above the list finds one by name. */
const FILTER_FROM = 12;

/** A checkbox per tenant subject, and a way to create a missing one on the spot (it is picked at once). */
export function SubjectPicker({ legend, subjects, selected, onChange, disabled, error }: SubjectPickerProps) {
  const createSubject = useCreateSubject();
  const [newName, setNewName] = useState('');
  const [createdUid, setCreatedUid] = useState<string | null>(null);
  const [filter, setFilter] = useState('');
  const wanted = filter.trim().toLowerCase();
  // The chosen ones always show, so that a filter never hides what is picked.
  const shown = wanted ? subjects.filter((subject) => selected.includes(subject.subject_uid) || subject.name.toLowerCase().includes(wanted)) : subjects;

  function toggle(subjectUid: string, checked: boolean) {
    onChange(checked ? [...selected, subjectUid] : selected.filter((uid) => uid !== subjectUid));
  }

  async function addSubject() {
    const name = newName.trim();
    if (!name) return;
    try {
      const subject = await createSubject.mutateAsync({ name });
      onChange([...selected, subject.subject_uid]);
      setCreatedUid(subject.subject_uid);
      setNewName('');
    } catch {
      // shown below from createSubject.error
    }
  }

  return (
    <fieldset className="fieldset" disabled={disabled}>
      <legend>
        {legend}{' '}
        {subjects.length > 0 && (
          <span className="muted" aria-hidden="true">
            ({selected.length} of {subjects.length} chosen)
          </span>
        )}
      </legend>
      {!disabled && subjects.length >= FILTER_FROM && (
        <TextField label={`Find among ${legend.toLowerCase()}`} type="search" value={filter} onChange={(event) => setFilter(event.target.value)} />
      )}
      {subjects.length === 0 ? (
        <p className="muted">No subjects yet.</p>
      ) : (
        // Read-only, the checkboxes take no focus, so a list that scrolled could not be scrolled from the keyboard: it is shown whole.
        <div className={disabled ? 'choice-list choice-list--whole' : 'choice-list'}>
          {shown.map((subject) => (
            <label key={subject.subject_uid} className="choice" ref={subject.subject_uid === createdUid ? revealInList : undefined}>
              <input
                type="checkbox"
                checked={selected.includes(subject.subject_uid)}
                onChange={(event) => toggle(subject.subject_uid, event.target.checked)}
              />
              <span className="choice__text" title={subject.name}>
                {subject.name}
              </span>
            </label>
          ))}
        </div>
      )}
      {!disabled && (
        <div className="inline-row">
          <TextField
            label={`New subject for ${legend.toLowerCase()}`}
            value={newName}
            onChange={(event) => setNewName(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                void addSubject();
              }
            }}
          />
          <Button onClick={() => void addSubject()} busy={createSubject.isPending} disabled={!newName.trim()}>
            Add subject
          </Button>
        </div>
      )}
      {createSubject.isError && <Alert>{createSubject.error.message}</Alert>}
      {error && <p className="field__error">{error}</p>}
    </fieldset>
  );
}
