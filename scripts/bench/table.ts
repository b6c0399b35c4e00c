/** A plain-text table with a header rule; columns as wide as their widest cell, numbers aligned right. */
export function formatTable(header: readonly string[], rows: readonly (readonly (string | number)[])[]): string {
  const cells = [header, ...rows].map((row) => row.map(String));
  const widths = header.map((_, column) => Math.max(...cells.map((row) => (row[column] ?? '').length)));
  const numeric = header.map((_, column) => rows.length > 0 && rows.every((row) => typeof row[column] === 'number'));
  const line = (row: readonly string[]) =>
    row
      .map((cell, column) => (numeric[column] ? cell.padStart(widths[column] ?? 0) : cell.padEnd(widths[column] ?? 0)))
      .join('  ')
      .trimEnd();
  const [head, ...body] = cells;
  return [line(head ?? []), widths.map((width) => '-'.repeat(width)).join('  '), ...body.map(line)].join('\n');
}
