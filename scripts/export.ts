// `npm run export -- --app <id> --format coco|yolo|voc [--images] ...`: downloads an application's labels.
import { UsageError } from './cli/args';
import { EXPORT_USAGE, parseExportArgs } from './export/args';
import { formatExportSummary, runExport } from './export/run-export';

try {
  const args = parseExportArgs(process.argv.slice(2), process.env);
  const result = await runExport({ ...args, progressOutput: process.stderr });
  process.stdout.write(formatExportSummary(result));
} catch (error) {
  process.stderr.write(`export: ${error instanceof Error ? error.message : String(error)}\n`);
  if (error instanceof UsageError) process.stderr.write(`\n${EXPORT_USAGE}\n`);
  process.exitCode = 1;
}
