import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { uniqueFileNames } from './file-names';

const image = (mediaId: string, uploadedName: string | null, extension = 'jpg') => ({ mediaId, uploadedName, extension });

describe('uniqueFileNames', () => {
  it('keeps the uploaded names, numbering repeats by stem whatever the case or extension', () => {
    const names = uniqueFileNames([
      image('med_1', 'photo.jpg'),
      image('med_2', 'photo.jpg'),
      image('med_3', 'Photo.png', 'png'),
      image('med_4', 'photo-2.jpg'),
      image('med_5', 'street.jpeg'),
    ]);
    expect(names).toEqual(['photo.jpg', 'photo-2.jpg', 'Photo-3.png', 'photo-2-2.jpg', 'street.jpeg']);
  });

  it('falls back to the media id, adds the format’s extension when the name has none, and makes names safe', () => {
    const names = uniqueFileNames([
      image('med_1', null, 'png'),
      image('med_2', 'scan', 'webp'),
      image('med_3', 'C:\\cam\\a:b*?.jpg'),
      image('med_4', '...', 'gif'),
      image('med_5', 'x\u0000y.jpg'),
    ]);
    expect(names).toEqual(['med_1.png', 'scan.webp', 'a_b__.jpg', 'med_4.gif', 'x_y.jpg']);
  });

  it('shortens a very long name, keeping its end', () => {
    const [name] = uniqueFileNames([image('med_1', `${'a'.repeat(300)}.jpg`)]);
    expect(name).toHaveLength(120);
    expect(name!.endsWith('a.jpg')).toBe(true);
  });

  it('names images as docs/api.md says (their uploaded names, never <media_id>.<ext>)', async () => {
    const docs = await readFile(new URL('../../docs/api.md', import.meta.url), 'utf8');
    const names = uniqueFileNames([image('med_1', 'photo.jpg'), image('med_2', 'photo.jpg'), image('med_3', null, 'png')]);
    for (const name of names) expect(docs).toContain(`(\`${name}\`)`);
    expect(docs).not.toContain('`<media_id>.<ext>`');
  });
});
