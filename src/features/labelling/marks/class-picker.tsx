import { classColour } from '../type-kit/class-colours';

export interface ClassPickerProps {
  /** The output subjects, in the application's order: keys 1–9 pick the first nine. */
  readonly classes: readonly string[];
  /** The class new marks get. */
  readonly active: string | null;
  /** The selected mark's class, when one is selected (the picker then moves it). */
  readonly selected: string | null;
  readonly subjectName: (uid: string) => string;
  readonly onPick: (index: number) => void;
}

/**
 * The classes at the canvas's edge, each with its colour and key: the one new marks get is pressed; with a mark
 * selected, a pick also moves that mark into the class.
 */
export function ClassPicker({ classes, active, selected, subjectName, onPick }: ClassPickerProps) {
  return (
    <div className="class-picker" role="group" aria-label={selected === null ? 'Class of new marks' : 'Class of the selected mark and of new marks'}>
      {classes.map((uid, index) => (
        <button
          key={uid}
          type="button"
          className="class-picker__class"
          aria-pressed={uid === active}
          data-selected-class={uid === selected || undefined}
          title={index < 9 ? `${subjectName(uid)} (${index + 1})` : subjectName(uid)}
          onClick={() => onPick(index)}
        >
          <span className="class-picker__key">{index < 9 ? index + 1 : ''}</span>
          <span className="class-picker__swatch" style={{ background: classColour(classes, uid) }} aria-hidden="true" />
          <span className="class-picker__name">{subjectName(uid)}</span>
        </button>
      ))}
    </div>
  );
}
