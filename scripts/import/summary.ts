import { formatDuration } from './progress';
import type { ImportSummary } from './import-folder';

/** The files that failed, one line each, or '' when none did. */
export function formatFailures(summary: ImportSummary): string {
  if (summary.failures.length === 0) return '';
  const lines = summary.failures.map((failure) => `  ${failure.file}: ${failure.message}`);
  return `${summary.failures.length} file(s) failed:\n${lines.join('\n')}\n`;
}

export function formatSummary(summary: ImportSummary): string {
  const subject = `"${summary.subject.name}" (${summary.subject.subject_uid}${summary.subjectCreated ? ', created' : ''})`;
  const failed = summary.failures.length > 0 ? `; ${summary.failures.length} failed` : '';
  return (
    `Imported ${summary.imported} of ${summary.total} images into subject ${subject} in tenant "${summary.tenant.name}" ` +
    `in ${formatDuration(summary.seconds)}${failed}.\n`
  );
}
