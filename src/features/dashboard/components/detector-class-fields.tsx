import { automaticDetectorClass, COCO_CLASSES, NO_DETECTOR_CLASS, type DetectorClassSetting } from '../../../api/detector/classes';
import type { Subject } from '../../../api/schemas/subjects';
import { Alert } from '../../../components/alert';
import { useSetSubjectDetectorClass } from '../api/set-subject-detector-class';

interface DetectorClassFieldsProps {
  /** The application's saved output subjects. */
  subjects: readonly Subject[];
  readOnly: boolean;
}

const AUTOMATIC = '';

/** The select's value of a setting, and back. */
const optionOf = (setting: DetectorClassSetting): string => setting ?? AUTOMATIC;
const settingOf = (option: string): DetectorClassSetting =>
  option === AUTOMATIC ? null : (COCO_CLASSES.find((name) => name === option) ?? NO_DETECTOR_CLASS);

/**
 * Per output subject, the pretrained detector's class it maps to: automatic (by its name), a COCO class, or none
 * (then the colour model proposes, if the subject has a colour, else nothing). Saved as soon as it changes.
 */
export function DetectorClassFields({ subjects, readOnly }: DetectorClassFieldsProps) {
  const save = useSetSubjectDetectorClass();
  return (
    <fieldset className="fieldset form" disabled={readOnly || save.isPending}>
      <legend>What the detector looks for</legend>
      <p className="muted">Each output subject’s class for the built-in object detector; saved when changed.</p>
      {subjects.length === 0 && <p className="muted">Save output subjects to map them.</p>}
      {subjects.map((subject) => {
        const id = `detector-class-${subject.subject_uid}`;
        return (
          <div className="field" key={subject.subject_uid}>
            <label className="field__label" htmlFor={id}>
              {subject.name}
            </label>
            <select
              id={id}
              className="select"
              value={optionOf(subject.detector_class)}
              onChange={(event) => save.mutate({ subjectUid: subject.subject_uid, detectorClass: settingOf(event.target.value) })}
            >
              <option value={AUTOMATIC}>Automatic ({automaticDetectorClass(subject.name) ?? 'none'})</option>
              <option value={NO_DETECTOR_CLASS}>None (its colour, if set)</option>
              {COCO_CLASSES.map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </select>
          </div>
        );
      })}
      {save.isError && <Alert>{save.error.message}</Alert>}
    </fieldset>
  );
}
