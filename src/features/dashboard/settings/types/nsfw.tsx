import { EXPLICIT_CLASSES, NSFW_CLASS_NAMES, nsfwClassOf, type NsfwClass } from '../../../../api/application-types/nsfw';
import { useSubjects } from '../../../../lib/queries/subjects';
import type { TypeFormProps, TypeSettings } from './type-settings';

/** What the model answers for a subject of this class. */
const answerOf = (nsfwClass: NsfwClass) =>
  nsfwClass === 'explicit' ? `the sum of the classifier’s ${EXPLICIT_CLASSES.join(', ')} probabilities` : `the classifier’s “${nsfwClass}” probability`;

/** Which of the content classifier's classes each output subject stands for, by its name: the subjects are the settings. */
function ContentClasses({ application }: TypeFormProps) {
  const subjects = useSubjects(application.tenant_id);
  const names = new Map(subjects.data?.map((subject) => [subject.subject_uid, subject.name]));
  return (
    <section className="fieldset form" aria-labelledby="content-classes-title">
      <h2 id="content-classes-title">Content classes</h2>
      <p>
        The content classifier (nsfwjs) gives every image a probability of each of its classes; each output subject is one
        of them by its name, or any of its other names:
      </p>
      <ul>
        {(Object.entries(NSFW_CLASS_NAMES) as [NsfwClass, readonly string[]][]).map(([nsfwClass, synonyms]) => (
          <li key={nsfwClass}>
            <strong>{nsfwClass}</strong>: {synonyms.join(', ')}
          </li>
        ))}
      </ul>
      {subjects.data && (
        <table className="data-table" aria-label="What the model answers for each output subject">
          <thead>
            <tr>
              <th scope="col">Output subject</th>
              <th scope="col">The model answers with</th>
            </tr>
          </thead>
          <tbody>
            {application.output_subjects.map((uid) => {
              const name = names.get(uid) ?? uid;
              const nsfwClass = nsfwClassOf(name);
              return (
                <tr key={uid}>
                  <td>{name}</td>
                  <td>{nsfwClass ? answerOf(nsfwClass) : 'nothing it knows: 50 %, so people are asked (rename the subject to a class’s name)'}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </section>
  );
}

/** nsfw: no settings of its own; the page shows which class each output subject stands for. */
export const nsfw: TypeSettings = { OwnForm: ContentClasses };
