import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../db';
import { assertions } from '../db/schema';

/** What an import would assert on one subject. */
export interface IntendedAssertion {
  subjectUid: string;
  probability: number;
  appData: unknown;
}

/** JSON text with object keys sorted, so that two values equal as JSON compare equal as text (jsonb reorders keys). */
function canonicalJson(value: unknown): string {
  return JSON.stringify(value ?? null, (_key, item: unknown) =>
    item && typeof item === 'object' && !Array.isArray(item)
      ? Object.fromEntries(Object.entries(item as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)))
      : item,
  );
}

/**
 * Whether the author already holds exactly these assertions on the media item (and focus) in the application: then an
 * import recorded them before, and recording them again would only add history. The author is a person (userId), or
 * for predictions the application's model with this model id.
 */
export async function alreadyAsserted(
  db: Database,
  where: { appId: string; mediaId: string; focusKey: string; author: { userId: string } | { modelId: string } },
  intended: readonly IntendedAssertion[],
): Promise<boolean> {
  const { author } = where;
  const current = await db
    .select({ subjectUid: assertions.subjectUid, probability: assertions.probability, appData: assertions.appData, modelId: assertions.modelId })
    .from(assertions)
    .where(
      and(
        eq(assertions.appId, where.appId),
        eq(assertions.mediaId, where.mediaId),
        eq(assertions.focusKey, where.focusKey),
        eq(assertions.current, true),
        'userId' in author ? eq(assertions.userId, author.userId) : isNull(assertions.userId),
      ),
    );
  const bySubject = new Map(current.map((row) => [row.subjectUid, row]));
  return intended.every((assertion) => {
    const row = bySubject.get(assertion.subjectUid);
    return (
      row !== undefined &&
      row.probability === assertion.probability &&
      ('userId' in author || row.modelId === author.modelId) &&
      canonicalJson(row.appData) === canonicalJson(assertion.appData)
    );
  });
}
