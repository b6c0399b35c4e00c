import { useState } from 'react';
import { automaticDetectorClass, COCO_CLASSES, detectorClassOf, NO_DETECTOR_CLASS, type DetectorClassSetting } from '../../../api/detector/classes';
import { APPEARANCE, appearanceOf, subjectAppearanceSchema, withAppearance, type SubjectAppearance } from '../../../api/schemas/appearance';
import type { Application } from '../../../api/schemas/application';
import type { Subject } from '../../../api/schemas/subjects';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { Field, TextField } from '../../../components/text-field';
import { useSetSubjectDetectorClass } from './set-subject-detector-class';
import { useUpdateApplication } from './update-application';

interface SubjectModelFieldsProps {
  application: Application;
  /** The application's saved output subjects. */
  subjects: readonly Subject[];
  readOnly: boolean;
}

const AUTOMATIC = '';
const COLOUR = 'colour';
/** A colour to start from when a subject has none: mid grey, which no photograph's subject is likely to be. */
const STARTING_COLOUR = '#808080';

/** The select's value for what is saved: a `none` subject with a colour is the colour model's. */
function choiceOf(setting: DetectorClassSetting, appearance: SubjectAppearance | null): string {
  if (setting === NO_DETECTOR_CLASS) return appearance ? COLOUR : NO_DETECTOR_CLASS;
  return setting ?? AUTOMATIC;
}

const settingOf = (choice: string): DetectorClassSetting =>
  choice === AUTOMATIC ? null : (COCO_CLASSES.find((name) => name === choice) ?? NO_DETECTOR_CLASS);

/** Which model sees the subject, as the service decides (docs/models.md): a detector class first, else a colour. */
function seenBy(subject: Subject, appearance: SubjectAppearance | null): string {
  const detected = detectorClassOf(subject);
  if (detected) return `Seen by the object detector, as “${detected}”.`;
  if (appearance) return `Seen by the colour model, as the colour ${appearance.color}.`;
  return 'No model sees it yet: once people have boxed it twice, what they showed is learnt.';
}

interface ColourDraft {
  color: string;
  tolerance: string;
  minArea: string;
}

const draftOf = (appearance: SubjectAppearance | null): ColourDraft => ({
  color: appearance?.color ?? STARTING_COLOUR,
  tolerance: String(appearance?.tolerance ?? APPEARANCE.tolerance.default),
  minArea: String(appearance?.min_area ?? APPEARANCE.minArea.default),
});

interface SubjectModelFieldProps {
  application: Application;
  subject: Subject;
}

/** One output subject: the select of what sees it, and its colour when the colour model does. */
function SubjectModelField({ application, subject }: SubjectModelFieldProps) {
  const setClass = useSetSubjectDetectorClass();
  const update = useUpdateApplication(application.application_id);
  const uid = subject.subject_uid;
  const appearance = appearanceOf(application.custom_fields, uid);
  const [choosingColour, setChoosingColour] = useState(false);
  const [draft, setDraft] = useState(() => draftOf(appearance));
  const [errors, setErrors] = useState<Partial<Record<'color' | 'tolerance' | 'min_area', string>>>({});
  const choice = choosingColour ? COLOUR : choiceOf(subject.detector_class, appearance);
  const colourModelSees = choice === COLOUR || (detectorClassOf(subject) === null && appearance !== null);
  const id = `subject-model-${uid}`;

  function choose(next: string) {
    if (next === COLOUR) {
      setDraft(draftOf(appearance));
      setChoosingColour(true);
      return;
    }
    setChoosingColour(false);
    setClass.mutate({ subjectUid: uid, detectorClass: settingOf(next) });
    // "None" means no model: the colour model would still see a subject with a colour
    if (next === NO_DETECTOR_CLASS && appearance) update.mutate({ custom_fields: withAppearance(application.custom_fields, uid, null) });
  }

  async function saveColour() {
    const given = { color: draft.color, tolerance: Number(draft.tolerance), min_area: Number(draft.minArea), typical_area: appearance?.typical_area ?? null };
    const parsed = subjectAppearanceSchema.safeParse(given);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message])));
      return;
    }
    setErrors({});
    await update.mutateAsync({ custom_fields: withAppearance(application.custom_fields, uid, parsed.data) });
    if (detectorClassOf(subject) !== null) await setClass.mutateAsync({ subjectUid: uid, detectorClass: NO_DETECTOR_CLASS });
    setChoosingColour(false);
  }

  const automatic = automaticDetectorClass(subject.name);
  return (
    <Field label={subject.name} htmlFor={id} className="subject-model">
      <select id={id} className="select" value={choice} aria-describedby={`${id}-seen`} onChange={(event) => choose(event.target.value)}>
        <option value={AUTOMATIC}>Automatic ({automatic ?? 'none'})</option>
        <option value={COLOUR}>Its colour (colour model)</option>
        <option value={NO_DETECTOR_CLASS}>None (no model)</option>
        {COCO_CLASSES.map((name) => (
          <option key={name} value={name}>
            {name}
          </option>
        ))}
      </select>
      <p id={`${id}-seen`} className="field__hint">
        {choosingColour ? 'Seen by the colour model once its colour is saved.' : seenBy(subject, appearance)}
      </p>
      {colourModelSees && (
        <div className="subject-model__colour" role="group" aria-label={`Colour of ${subject.name}`}>
          <Field label="Colour" htmlFor={`${id}-color`}>
            <input
              id={`${id}-color`}
              type="color"
              className="subject-model__swatch"
              value={draft.color}
              aria-invalid={errors.color ? true : undefined}
              onChange={(event) => setDraft({ ...draft, color: event.target.value })}
            />
            {errors.color && <p className="field__error">{errors.color}</p>}
          </Field>
          <TextField
            label="Tolerance"
            type="number"
            min={APPEARANCE.tolerance.min}
            max={APPEARANCE.tolerance.max}
            step={0.01}
            value={draft.tolerance}
            onChange={(event) => setDraft({ ...draft, tolerance: event.target.value })}
            error={errors.tolerance}
            hint="How far a pixel's colour may stray from it (0.02 to 1)."
          />
          <TextField
            label="Smallest area (px²)"
            type="number"
            min={APPEARANCE.minArea.min}
            step={1}
            value={draft.minArea}
            onChange={(event) => setDraft({ ...draft, minArea: event.target.value })}
            error={errors.min_area}
            hint="Smaller patches of the colour are noise."
          />
          <Button type="button" busy={update.isPending} onClick={() => void saveColour()}>
            Save colour
          </Button>
        </div>
      )}
      {setClass.isError && <Alert>{setClass.error.message}</Alert>}
      {update.isError && <Alert>{update.error.message}</Alert>}
    </Field>
  );
}

/**
 * Per output subject, which model sees it: the pretrained detector (automatic by its name, or a chosen class), the
 * colour model (a colour chosen here, saved in the application's `custom_fields.appearance`), or none. A class is
 * the subject's, saved when chosen; a colour is this application's, saved with its button.
 */
export function SubjectModelFields({ application, subjects, readOnly }: SubjectModelFieldsProps) {
  return (
    <fieldset className="fieldset form settings-form" disabled={readOnly}>
      <legend>What sees each subject</legend>
      <p className="muted">
        The object detector knows 80 everyday classes; the colour model finds a colour you choose. A detector class belongs to the subject
        (every application that uses it sees the change); a colour belongs to this application.
      </p>
      {subjects.length === 0 && <p className="muted">Save output subjects to choose.</p>}
      {subjects.map((subject) => (
        <SubjectModelField key={subject.subject_uid} application={application} subject={subject} />
      ))}
    </fieldset>
  );
}
