import type { SubjectMediaUpload } from '../../../api/schemas/media';
import { UnsupportedMediaTypeError } from '../../../api/errors';
import { createUploadQueue, summariseUploads, type UploadFile } from './upload-queue';

interface Call {
  file: File;
  onProgress: (fraction: number) => void;
  resolve: (result: SubjectMediaUpload) => void;
  reject: (error: unknown) => void;
}

function fakeUpload() {
  const calls: Call[] = [];
  const upload: UploadFile = (file, _target, onProgress) =>
    new Promise((resolve, reject) => calls.push({ file, onProgress, resolve, reject }));
  return { calls, upload };
}

const image = (name: string, size = 10) => new File([new Uint8Array(size)], name, { type: 'image/png' });
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const done = (mediaId: string, duplicate = false): SubjectMediaUpload => ({ media_id: mediaId, subject_uid: 's-1', capture_id: `c-${mediaId}`, duplicate });
const target = { subjectUid: 's-1', allowDuplicate: false };

describe('upload queue', () => {
  it('sends at most three files at a time and starts the next when one ends', async () => {
    const { calls, upload } = fakeUpload();
    const queue = createUploadQueue({ upload });
    queue.add(['a', 'b', 'c', 'd', 'e'].map((name) => image(`${name}.png`)), target);

    expect(calls.map((call) => call.file.name)).toEqual(['a.png', 'b.png', 'c.png']);
    expect(queue.getItems().map((item) => item.status)).toEqual(['uploading', 'uploading', 'uploading', 'queued', 'queued']);

    calls[1]?.resolve(done('m-b'));
    await settle();
    expect(calls.map((call) => call.file.name)).toEqual(['a.png', 'b.png', 'c.png', 'd.png']);
    expect(queue.getItems()[1]).toMatchObject({ status: 'done', progress: 1, mediaId: 'm-b' });
  });

  it('keeps progress and an error per file, and summarises', async () => {
    const { calls, upload } = fakeUpload();
    const queue = createUploadQueue({ upload });
    const listener = vi.fn();
    queue.subscribe(listener);
    queue.add([image('cat.png'), image('notes.txt')], target);

    calls[0]?.onProgress(0.4);
    expect(queue.getItems()[0]?.progress).toBe(0.4);
    calls[0]?.resolve(done('m-cat'));
    calls[1]?.reject(new UnsupportedMediaTypeError(415, 'The file is not an image.'));
    await settle();

    expect(queue.getItems()[1]).toMatchObject({ status: 'failed', error: 'The file is not an image.' });
    expect(summariseUploads(queue.getItems())).toBe('1 uploaded, 1 failed');
    expect(listener).toHaveBeenCalled();
  });

  it('fails a file over the limit without sending it', () => {
    const { calls, upload } = fakeUpload();
    const queue = createUploadQueue({ upload, maxBytes: 100 });
    queue.add([image('huge.png', 101), image('small.png', 100)], target);

    expect(calls.map((call) => call.file.name)).toEqual(['small.png']);
    expect(queue.getItems()[0]).toMatchObject({ status: 'failed', error: expect.stringMatching(/Too large/) });
    expect(summariseUploads(queue.getItems())).toBe('0 uploaded, 1 failed, 1 in progress');
  });

  it('counts files the tenant already had apart, and sends the choice to keep duplicates', async () => {
    const { calls, upload } = fakeUpload();
    const targets: unknown[] = [];
    const queue = createUploadQueue({
      upload: (file, chosen, onProgress) => {
        targets.push(chosen);
        return upload(file, chosen, onProgress);
      },
    });
    queue.add([image('a.png'), image('b.png'), image('c.png')], target);
    calls[0]?.resolve(done('m-a'));
    calls[1]?.resolve(done('m-old', true));
    calls[2]?.resolve(done('m-older', true));
    await settle();
    expect(queue.getItems()[1]).toMatchObject({ status: 'done', mediaId: 'm-old', duplicate: true });
    expect(summariseUploads(queue.getItems())).toBe('1 uploaded, 2 already uploaded, 0 failed');
    queue.add([image('d.png')], { subjectUid: 's-2', allowDuplicate: true });
    expect(targets.at(-1)).toEqual({ subjectUid: 's-2', allowDuplicate: true });
  });
});
