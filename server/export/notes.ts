import type { ExportNote } from '../../src/api/schemas/exports';

/** Counts what an export left out or wrote differently, one line per kind of case. */
export class ExportNotes {
  private readonly counts = new Map<string, number>();

  add(message: string, count = 1): void {
    this.counts.set(message, (this.counts.get(message) ?? 0) + count);
  }

  list(): ExportNote[] {
    return [...this.counts].map(([message, count]) => ({ message, count }));
  }
}
