import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

type ScratchPurpose = 'video' | 'export' | 'import' | 'plan';

/** `looplabel-video-<pid>-XXXXXX`: the process that made the folder is in its name. */
const SCRATCH_NAME = /^looplabel-(?:video|export|import|plan)-(\d+)-/;

/** A private (0700) folder of this process in the system's temporary folder; its work removes it when done. */
export const makeScratchDir = (purpose: ScratchPurpose): Promise<string> => mkdtemp(join(tmpdir(), `looplabel-${purpose}-${process.pid}-`));

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Removes the scratch folders whose process is gone (killed in the middle of a video, an export or an import), whichever data
 * directory it served; a running process's folders are left alone, and so are those this user may not remove.
 * Returns how many went.
 */
export async function removeOrphanedScratchDirs(): Promise<number> {
  const directory = tmpdir();
  const orphans = (await readdir(directory)).filter((name) => {
    const pid = SCRATCH_NAME.exec(name)?.[1];
    return pid !== undefined && !isRunning(Number(pid));
  });
  const removals = await Promise.allSettled(orphans.map((name) => rm(join(directory, name), { recursive: true, force: true })));
  return removals.filter((removal) => removal.status === 'fulfilled').length;
}
