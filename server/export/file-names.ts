/** How long an exported image's name may be, in characters (file systems take 255 bytes). */
const NAME_MAX = 120;

/** A name every file system takes: no folders, no characters Windows refuses, no control characters. */
function safeName(name: string): string {
  return name
    .replace(/^.*[/\\]/, '')
    .replace(/[\p{Cc}:*?"<>|]/gu, '_')
    .trim()
    .replace(/^\.+/, '')
    .slice(-NAME_MAX);
}

const splitName = (name: string) => {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? { stem: name.slice(0, dot), extension: name.slice(dot) } : { stem: name, extension: '' };
};

/**
 * The file name of each image in an export, in the given order: the name it was uploaded under (else its media id),
 * with the extension of its format when it has none, made unique by stem, whatever the case (YOLO and VOC name each
 * label file by the stem, and some file systems ignore case): `photo.jpg`, `photo-2.jpg`, `photo-3.png`.
 */
export function uniqueFileNames(images: readonly { mediaId: string; uploadedName: string | null; extension: string }[]): string[] {
  const taken = new Set<string>();
  return images.map(({ mediaId, uploadedName, extension }) => {
    const { stem, extension: given } = splitName(safeName(uploadedName ?? '') || mediaId);
    const suffix = given || `.${extension}`;
    let candidate = stem;
    for (let copy = 2; taken.has(candidate.toLowerCase()); copy += 1) candidate = `${stem}-${copy}`;
    taken.add(candidate.toLowerCase());
    return `${candidate}${suffix}`;
  });
}
