// The dashboard's import zones hold what its README's table says: a file of each subject that imports every other
// subject is linted with the project's own ESLint configuration, and exactly the imports the table leaves out fail.
import { ESLint } from 'eslint';
import readme from './README.md?raw';

const DASHBOARD = 'src/features/dashboard';
/** The dashboard's source files, as `subject/…/file.ts` (tests aside). */
const SOURCES = Object.keys(import.meta.glob(['./**/*.{ts,tsx}', '!./**/*.test.{ts,tsx}'])).map((path) => path.slice(2));

/** The README's table: each subject (a folder, or a folder inside one) with what it may import of the others. */
function tableOfImports(): Map<string, string[]> {
  const rows = readme.split('\n').filter((line) => /^\| `[a-z/-]+\/` \|/.test(line));
  return new Map(
    rows.map((row) => {
      const cells = row.split('|').map((cell) => cell.trim());
      const names = (cell: string) => [...cell.matchAll(/`([^`]+)`/g)].map((match) => match[1]!.replace(/\/$/, ''));
      return [names(cells[1]!)[0]!, names(cells.at(-2)!)] as const;
    }),
  );
}

const isSource = (entry: string) => /\.tsx?$/.test(entry);

/** A file to import for an entry of the table: the file itself, or one directly in the folder that it does not allow. */
function fileOf(entry: string, allowedFiles: readonly string[]): string {
  if (isSource(entry)) return entry;
  const file = SOURCES.filter((path) => path.startsWith(`${entry}/`) && !path.slice(entry.length + 1).includes('/'))
    .sort()
    .find((path) => !allowedFiles.includes(path));
  if (!file) throw new Error(`No file to import in ${entry}.`);
  return file;
}

describe('the dashboard’s import zones', () => {
  const table = tableOfImports();
  const eslint = new ESLint();

  it('the README lists every folder of the dashboard', () => {
    const folders = new Set(SOURCES.filter((path) => path.includes('/')).map((path) => path.split('/')[0]!));
    expect([...folders].filter((folder) => !table.has(folder))).toEqual([]);
  });

  it.each([...table.keys()])('%s imports only what its row says', async (subject) => {
    const allowed = table.get(subject)!;
    const others = [...new Set([...table.keys(), ...allowed])].filter((other) => other !== subject && !other.startsWith(`${subject}/`));
    const imports = others.map((other) => ({ other, file: fileOf(other, allowed) }));
    const depth = subject.split('/').length;
    const source = imports.map(({ file }, i) => `import * as m${i} from '${'../'.repeat(depth)}${file.replace(/\.tsx?$/, '')}';`).join('\n');
    const [result] = await eslint.lintText(`${source}\nexport const all = [${imports.map((_, i) => `m${i}`).join(', ')}];\n`, {
      filePath: `${DASHBOARD}/${subject}/zone-probe.ts`,
    });
    const refused = result!.messages.filter((message) => message.ruleId === 'import-x/no-restricted-paths').map((message) => imports[message.line - 1]!.other);
    expect(result!.messages.filter((message) => message.ruleId !== 'import-x/no-restricted-paths')).toEqual([]);
    const permitted = (other: string) => allowed.some((entry) => other === entry || (!isSource(other) && other.startsWith(`${entry}/`)));
    expect([...new Set(refused)].sort()).toEqual(imports.map(({ other }) => other).filter((other) => !permitted(other)).sort());
    // The first lint loads the configuration and its plugins: seconds on a busy machine.
  }, 60_000);
});
