// Driving the labelling workspace from Playwright: sign in, open a queue, read what is drawn, answer.
import type { Page } from '@playwright/test';
import type { ApiClient } from '../../src/api/client';
import { listApplications } from '../../src/api/endpoints/applications';
import { getHeldFeedback, returnFeedback } from '../../src/api/endpoints/feedback';
import { getMediaDetections } from '../../src/api/endpoints/media';
import type { MediaAssertion } from '../../src/api/schemas/detections';
import { SESSION_STORAGE_KEY, type Session } from '../../src/lib/session/session-store';
import type { LooplabelDebug } from '../../src/features/labelling/view/debug-hook';
import { isInspectionLine, type InspectionLineType } from './demo-apps';
import type { Annotation } from '../../src/features/labelling/types/annotation';
import { apiAs, DEMO, expect, signInToDemoLab } from './fixtures';
import type { RunningService } from './service';

export type Shown = Pick<LooplabelDebug, 'mediaId' | 'annotation' | 'camera'>;

export interface Labeller {
  api: ApiClient;
  userId: string;
  tenantId: string;
  apps: Record<InspectionLineType, string>;
}

export async function signInToLabel(page: Page, service: RunningService, email: string = DEMO.labeller): Promise<Labeller> {
  await signInToDemoLab(page, email);
  await expect(page).toHaveURL(/\/t\/[^/]+/);
  const { session } = (await storedSession(page)).state;
  const api = await apiAs(service, email, session.tenantId);
  return { api, userId: session.userId, tenantId: session.tenantId, apps: await inspectionLineApps(api) };
}

/** The inspection line's applications, one per type: the photo applications and those tests add are of the same types. */
export async function inspectionLineApps(api: ApiClient): Promise<Labeller['apps']> {
  const { data } = await listApplications(api);
  return Object.fromEntries(data.filter(isInspectionLine).map((app) => [app.type, app.application_id])) as Labeller['apps'];
}

export async function storedSession(page: Page): Promise<{ state: { session: Session } }> {
  return JSON.parse((await page.evaluate((key) => sessionStorage.getItem(key), SESSION_STORAGE_KEY))!);
}

/**
 * Hands back what the labeller holds in the type's demo application: browsers of earlier tests that were closed
 * without leaving the queue still hold items, and a queue that opens recovers them first.
 */
export async function releaseHeld(labeller: Labeller, type: InspectionLineType): Promise<void> {
  const appId = labeller.apps[type];
  const held = await getHeldFeedback(labeller.api, appId);
  if (held.length > 0) await returnFeedback(labeller.api, appId, held.map((request) => request.media_id), { skip: false });
}

/** Opens the queue of the inspection line's application of the type (see openAppQueue). */
export const openQueue = (page: Page, labeller: Labeller, type: InspectionLineType): Promise<Shown> => openAppQueue(page, labeller.tenantId, labeller.apps[type]);

/** Opens the application's queue with the debug hook and waits for its first item to be drawn. */
export async function openAppQueue(page: Page, tenantId: string, appId: string): Promise<Shown> {
  await page.goto(`/t/${tenantId}/apps/${appId}/label?debug=1`);
  return drawnItem(page);
}

/** Waits until an item other than `previous` is drawn and has been seen long enough to answer, and returns what the workspace shows. */
export async function drawnItem(page: Page, previous: string | null = null): Promise<Shown> {
  await expect(page.getByRole('main', { name: 'Labelling workspace' })).toBeVisible();
  await page.waitForFunction((before) => {
    const debug = window.__looplabel;
    return !!debug?.mediaId && debug.mediaId !== before && debug.drawn[debug.mediaId] !== undefined && !!debug.camera && debug.answerable;
  }, previous);
  return shown(page);
}

export const shown = (page: Page): Promise<Shown> =>
  page.evaluate(() => {
    const debug = window.__looplabel!;
    return { mediaId: debug.mediaId, annotation: debug.annotation, camera: debug.camera };
  });

/** Where an image pixel of the shown item is on the page. */
export async function onPage(page: Page, item: Shown, x: number, y: number) {
  const stage = (await page.getByTestId('stage').boundingBox())!;
  const camera = item.camera!;
  return { x: stage.x + x * camera.scale + camera.x, y: stage.y + y * camera.scale + camera.y };
}

/** Draws a box from one image pixel to another with Alt held, which draws even over an existing box. */
export async function drawBox(page: Page, item: Shown, from: { x: number; y: number }, to: { x: number; y: number }) {
  const start = await onPage(page, item, from.x, from.y);
  const end = await onPage(page, item, to.x, to.y);
  await page.keyboard.down('Alt');
  await page.mouse.move(start.x, start.y);
  await page.mouse.down();
  await page.mouse.move(end.x, end.y, { steps: 5 });
  await page.mouse.up();
  await page.keyboard.up('Alt');
}

export async function accept(page: Page, item: Shown) {
  await page.getByRole('button', { name: /^Accept and go/ }).click();
  await movedOn(page, item);
}

/** Answers the shown item with Enter and waits until the workspace has moved on from it. */
export async function answerWithEnter(page: Page, item: Shown) {
  await page.keyboard.press('Enter');
  await movedOn(page, item);
}

/** The workspace shows another item, or none when the queue has run dry (other tests label the same applications). */
async function movedOn(page: Page, item: Shown) {
  await page.waitForFunction((before) => window.__looplabel?.mediaId !== before || !document.querySelector('[data-testid=stage]'), item.mediaId);
}

export const userAssertions = (labeller: Labeller, mediaId: string, type: InspectionLineType): Promise<MediaAssertion[]> =>
  assertionsOf(labeller.api, labeller.userId, mediaId, labeller.apps[type]);

/** The user's assertions on the media item in the application. */
export async function assertionsOf(api: ApiClient, userId: string, mediaId: string, appId: string): Promise<MediaAssertion[]> {
  const { detections } = await getMediaDetections(api, mediaId);
  return detections.filter((d) => d.user_id === userId && d.app_id === appId);
}

/** The assertions an answer with this annotation must leave on the service (probability 1 = True, 0 = False). */
export function expectedAssertions(annotation: Annotation) {
  const one = (subject_uid: string, app_data_type: string | null, app_data: unknown) => [
    { subject_uid, probability: 1, app_data_type, app_data },
  ];
  switch (annotation.type) {
    case 'classification':
      return one(annotation.choice!, null, null);
    case 'detection_fullframe':
    case 'nsfw':
      return annotation.subjects.map((s) => ({ subject_uid: s.subject_uid, probability: s.present ? 1 : 0 }));
    case 'box_detection':
      return one(annotation.subjects[0]!, 'box_set', annotation.boxes.map(({ x0, y0, x1, y1 }) => ({ box: { x0, y0, x1, y1 } })));
    case 'point':
      return one(annotation.subjects[0]!, 'point', annotation.points.map(({ x, y }) => ({ x, y })));
    case 'static_count':
      return one(annotation.subject_uid, 'count', annotation.count);
    case 'offset_x':
    case 'offset_y':
      return one(annotation.subject_uid, annotation.type, annotation.offset);
    case 'ocr':
      return one(annotation.subject_uid, 'text', { text: annotation.text });
    default:
      throw new Error('No test says yet what an answer of this type leaves on the service.');
  }
}

export const syncStatus = (page: Page) => page.locator('.workspace__status').getByRole('status');

