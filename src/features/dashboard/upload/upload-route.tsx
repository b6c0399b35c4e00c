import { useId, useRef, useState, type DragEvent } from 'react';
import { Link, useParams } from 'react-router';
import { MEDIA_MAX_BYTES, VIDEO_MAX_SECONDS } from '../../../api/limits';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';
import { Spinner } from '../../../components/spinner';
import { setUploadSubject, usePreferences } from '../../../lib/preferences';
import { useSubjects } from '../../../lib/queries/subjects';
import { UploadList } from './upload-list';
import { useUploadQueue } from './use-upload-queue';
import { Field } from '../../../components/text-field';

/** Many images onto a subject, by drag and drop or the file picker, three at a time. */
export function Component() {
  const tenantId = useParams().tenantId ?? '';
  const subjects = useSubjects(tenantId);
  const { items, add } = useUploadQueue();
  const remembered = usePreferences((state) => state.uploadSubjects[tenantId] ?? '');
  const [over, setOver] = useState(false);
  const [needsSubject, setNeedsSubject] = useState(false);
  const [allowDuplicate, setAllowDuplicate] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const subjectId = useId();
  // Only the person's own last choice is preselected: a guess would send images into someone's running application.
  const chosen = subjects.data?.some((subject) => subject.subject_uid === remembered) ? remembered : '';

  function addFiles(files: FileList | null) {
    if (!files || files.length === 0) return;
    setNeedsSubject(!chosen);
    if (chosen) add(Array.from(files), { subjectUid: chosen, allowDuplicate });
  }

  function handleDrop(event: DragEvent) {
    event.preventDefault();
    setOver(false);
    addFiles(event.dataTransfer.files);
  }

  return (
    <>
      <PageHeader title="Upload" description="Images go straight to a subject, and into every active application that reads it." />
      {subjects.isPending ? (
        <Spinner label="Loading subjects…" />
      ) : subjects.isError ? (
        <Alert>{subjects.error.message}</Alert>
      ) : subjects.data.length === 0 ? (
        <EmptyState title="No subjects yet">
          Create one with an application on the <Link to={`/t/${encodeURIComponent(tenantId)}`}>dashboard</Link>.
        </EmptyState>
      ) : (
        <>
          <div className="toolbar">
            <Field label="Subject" htmlFor={subjectId}>
              <select
                id={subjectId}
                className="select"
                value={chosen}
                aria-invalid={needsSubject}
                onChange={(e) => {
                  setUploadSubject(tenantId, e.target.value);
                  setNeedsSubject(false);
                }}
              >
                <option value="" disabled>
                  Choose a subject…
                </option>
                {subjects.data.map((subject) => (
                  <option key={subject.subject_uid} value={subject.subject_uid}>
                    {subject.name}
                  </option>
                ))}
              </select>
              {needsSubject && (
                <p className="field__error" role="alert">
                  Choose the subject these images belong to first.
                </p>
              )}
            </Field>
            <label className="choice" title="A file whose bytes the tenant already has is normally reported and not stored again.">
              <input type="checkbox" checked={allowDuplicate} onChange={(event) => setAllowDuplicate(event.target.checked)} />
              Keep duplicates as new media
            </label>
          </div>
          <div
            className={`dropzone${over ? ' dropzone--over' : ''}`}
            onDragOver={(event) => {
              event.preventDefault();
              setOver(true);
            }}
            onDragLeave={() => setOver(false)}
            onDrop={handleDrop}
          >
            <p>
              Drop images or videos here (JPEG, PNG, WebP, GIF; MP4, WebM, MOV, AVI, MKV), up to {MEDIA_MAX_BYTES / 1024 / 1024} MiB
              and {VIDEO_MAX_SECONDS / 60} minutes each
            </p>
            <Button onClick={() => (chosen ? fileInput.current?.click() : setNeedsSubject(true))}>Choose files</Button>
            <input
              ref={fileInput}
              type="file"
              accept="image/*,video/*,.mkv,.avi"
              multiple
              hidden
              aria-label="Images or videos to upload"
              onChange={(event) => {
                addFiles(event.target.files);
                event.target.value = '';
              }}
            />
          </div>
        </>
      )}
      {items.length > 0 && <UploadList items={items} />}
    </>
  );
}
