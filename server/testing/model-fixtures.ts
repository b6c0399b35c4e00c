import { expect } from 'vitest';
import type { AnswerSet } from '../../src/api/schemas/models';
import type { ApplicationRow } from '../domain/applications';
import { mediaIdIn } from '../domain/media';
import { insertMedia } from '../feedback/test-fixtures';
import type { GeneratedScene } from '../vision/scenes';
import type { TestApp } from './test-app';

type Headers = Record<string, string>;

/**
 * Answers of a box-detection application for `subjectName` (`subjectUid`), and its releases, for tests of the
 * model endpoints.
 */
export function modelFixtures(t: TestApp, who: { tenantId: string; labeller: Headers; admin: Headers }, subjectUid: string, subjectName: string) {
  /** The labeller answers the scene, stored as media whose answers fall in the set: the true boxes, or False. */
  async function answer(app: ApplicationRow, scene: GeneratedScene, set: AnswerSet): Promise<string> {
    const mediaId = await mediaIdIn(t.db, set);
    await insertMedia(t.db, who.tenantId, { width: scene.width, height: scene.height }, { blobs: t.app.blobs, data: scene.image }, mediaId);
    const boxes = scene.truth.objects.filter((object) => object.subject === subjectName).map(({ box }) => ({ box }));
    const result = boxes.length > 0 ? { result: 'True', app_data_type: 'box_set', app_data: boxes } : { result: 'False' };
    const response = await t.inject({
      method: 'POST',
      url: `/1/applications/${app.applicationId}/feedback`,
      headers: who.labeller,
      payload: { media_id: mediaId, subjects: [{ subject_uid: subjectUid, ...result }] },
    });
    expect(response.statusCode).toBe(204);
    return mediaId;
  }

  /** Releases a model of the application now and waits for it. */
  async function release(app: ApplicationRow): Promise<void> {
    const response = await t.inject({ method: 'POST', url: `/1/applications/${app.applicationId}/release`, headers: who.admin });
    expect(response.statusCode).toBe(202);
    await t.app.jobs.drain();
  }

  return { answer, release };
}

export type ModelFixtures = ReturnType<typeof modelFixtures>;
