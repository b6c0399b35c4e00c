import { and, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerRuleOf } from '../../src/api/application-types';
import type { ImportFormat } from '../../src/api/schemas/imports';
import { assertions } from '../db/schema';
import { DomainError } from '../errors';
import { ExportNotes } from '../export/notes';
import { insertApplication, insertSubject } from '../feedback/test-fixtures';
import { labelSourceOf } from '../testing/label-source';
import { postImport, uploadNamed } from '../testing/import-fixtures';
import { createTestApp, type TestApp } from '../testing/test-app';
import { LABEL_PARSERS } from './formats';

// A bounded fuzz of each importer (a fixed seed, a time cap): whatever the files hold, the parser gives labels or
// refuses them with a 4xx kind, and the service answers a 4xx or a report, never a 5xx and never a stored answer
// that the rules of answers refuse.

const SEED = 28;

const number = fc.oneof(fc.double(), fc.integer({ min: -10, max: 1000 }), fc.constantFrom(0, 1, 1e-320, 1e308, -0));
const token = fc.oneof(number.map(String), fc.constantFrom('0', '1', 'nan', 'Infinity', '-1e309', '', '"', '\u0000', '=1+1'), fc.string({ maxLength: 8 }));
const name = fc.oneof(fc.constantFrom('street_01.jpg', 'street_01', 'car', 'x.png'), fc.string({ maxLength: 12 }));
const id = fc.oneof(fc.integer({ min: 0, max: 3 }), fc.constantFrom('1', 'a'));

/** A document shaped like COCO, with any values, sometimes cut short. */
const coco = fc
  .record({
    categories: fc.array(fc.record({ id, name }), { maxLength: 3 }),
    images: fc.array(fc.record({ id, file_name: name, width: number, height: number, category_ids: fc.array(id, { maxLength: 2 }) }), { maxLength: 3 }),
    annotations: fc.array(
      fc.record({ image_id: id, category_id: id, bbox: fc.array(number, { maxLength: 5 }), keypoints: fc.array(number, { maxLength: 7 }), score: number }),
      { maxLength: 6 },
    ),
  })
  .chain((document) => {
    const text = JSON.stringify(document);
    return fc.integer({ min: 0, max: text.length }).map((cut) => [{ path: 'a.json', text: cut > text.length - 3 ? text : text.slice(0, cut) }]);
  });

const yolo = fc
  .array(fc.array(token, { maxLength: 9 }).map((tokens) => tokens.join(' ')), { maxLength: 6 })
  .map((lines) => [
    { path: 'classes.txt', text: 'car\nperson\n' },
    { path: 'street_01.txt', text: lines.join('\n') },
  ]);

const voc = fc
  .tuple(name, number, number, fc.array(fc.tuple(name, token, token, token, token), { maxLength: 4 }), fc.boolean())
  .map(([file, width, height, objects, broken]) => {
    const boxes = objects.map(([className, ...edges]) => {
      const [xmin, ymin, xmax, ymax] = edges;
      return `<object><name>${className}</name><bndbox><xmin>${xmin}</xmin><ymin>${ymin}</ymin><xmax>${xmax}</xmax><ymax>${ymax}</ymax></bndbox></object>`;
    });
    const text = `<annotation><filename>${file}</filename><size><width>${width}</width><height>${height}</height></size>${boxes.join('')}</annotation>`;
    return [{ path: 'a.xml', text: broken ? text.slice(0, text.length / 2) : text }];
  });

const csvField = fc.oneof(token, name, fc.constant('"quoted, ""field"""'), fc.constant('"open'));
const csv = fc
  .tuple(
    fc.shuffledSubarray(['filename', 'class', 'xmin', 'ymin', 'xmax', 'ymax', 'x', 'y', 'count', 'width', 'height', 'score'], { minLength: 1 }),
    fc.array(fc.array(csvField, { maxLength: 13 }), { maxLength: 6 }),
  )
  .map(([header, rows]) => [{ path: 'a.csv', text: [header.join(','), ...rows.map((row) => row.join(','))].join('\n') }]);

const FILES: Record<ImportFormat, fc.Arbitrary<{ path: string; text: string }[]>> = { coco, yolo, voc, csv };

const isRefusal = (error: unknown) => error instanceof DomainError && (error.kind === 'invalid' || error.kind === 'too-large');

describe.each(Object.keys(FILES) as ImportFormat[])('the %s parser, fuzzed', (format) => {
  it('gives labels with numbers, or refuses the files with a 4xx kind', async () => {
    await fc.assert(
      fc.asyncProperty(FILES[format], async (files) => {
        try {
          const parsed = await LABEL_PARSERS[format](labelSourceOf(files), new ExportNotes());
          expect(Array.isArray(parsed.images)).toBe(true);
        } catch (error) {
          if (!isRefusal(error)) throw error;
        }
      }),
      { seed: SEED, numRuns: 400, interruptAfterTimeLimit: 4000 },
    );
  });
});

describe('imports of fuzzed files', () => {
  let t: TestApp;
  let admin: Record<string, string>;
  const apps: { type: 'box_detection' | 'point' | 'static_count'; appId: string }[] = [];

  beforeAll(async () => {
    t = await createTestApp({ seed: true });
    const tenantId = t.demo!.tenantIds.demoLab;
    admin = await t.demoAuth('admin@demo.test', tenantId);
    const streets = await insertSubject(t.db, tenantId, 'streets');
    const subjects = [await insertSubject(t.db, tenantId, 'car'), await insertSubject(t.db, tenantId, 'person')];
    await uploadNamed(t, admin, 'street_01.jpg', 64, 48, streets);
    for (const type of ['box_detection', 'point', 'static_count'] as const) {
      apps.push({ type, appId: (await insertApplication(t.db, tenantId, type, subjects, { inputSubjects: [streets] })).applicationId });
    }
  });
  afterAll(() => t.close());

  /** The stored answers of the application that the rules of its type refuse (the media is 64 × 48). */
  async function refusedAnswers({ type, appId }: (typeof apps)[number]) {
    const rule = answerRuleOf(type)!;
    const rows = await t.db.select().from(assertions).where(and(eq(assertions.appId, appId), eq(assertions.probability, 1)));
    return rows.filter((row) => {
      if (rule.appData === null) return row.appData !== null;
      const shape = rule.appData.safeParse(row.appData);
      return !shape.success || (rule.placementErrors?.(shape.data, { width: 64, height: 48, focus: null }) ?? []).length > 0;
    });
  }

  it.each(Object.keys(FILES) as ImportFormat[])('answers %s files with a 4xx or a report, and stores only valid answers', async (format) => {
    await fc.assert(
      fc.asyncProperty(FILES[format], fc.constantFrom(...apps), async (files, app) => {
        const response = await postImport(t, admin, app.appId, { format }, files.map(({ path, text }) => [path, text]));
        expect(response.statusCode, response.body).toBeLessThan(500);
        expect(await refusedAnswers(app)).toEqual([]);
      }),
      { seed: SEED, numRuns: 12, interruptAfterTimeLimit: 10_000 },
    );
  });
});
