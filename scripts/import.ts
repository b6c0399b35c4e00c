// `npm run import -- <folder> --subject <name> ...` uploads a folder of images to a subject of a running service;
// `npm run import -- --labels <file> --format coco --app <id> ...` imports label files into an application.
import { UsageError } from './cli/args';
import { IMPORT_USAGE, parseImportArgs } from './import/args';
import { importFolder } from './import/import-folder';
import { formatLabelReport, importLabels } from './import/import-labels';
import { formatFailures, formatSummary } from './import/summary';

try {
  const args = parseImportArgs(process.argv.slice(2), process.env);
  if (args.mode === 'labels') {
    const report = await importLabels(args, (status) => process.stderr.write(`Importing: ${status.done}/${status.total || '?'} images\n`));
    process.stdout.write(formatLabelReport(report));
    process.exitCode = report.matched > 0 ? 0 : 1;
  } else {
    const summary = await importFolder({ ...args, progressOutput: process.stderr });
    process.stderr.write(formatFailures(summary));
    process.stdout.write(formatSummary(summary));
    process.exitCode = summary.imported > 0 ? 0 : 1;
  }
} catch (error) {
  process.stderr.write(`import: ${error instanceof Error ? error.message : String(error)}\n`);
  if (error instanceof UsageError) process.stderr.write(`\n${IMPORT_USAGE}\n`);
  process.exitCode = 1;
}
