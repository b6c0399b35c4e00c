import type { ApplicationRow } from '../../domain/applications';
import { recordCapturedImage } from '../../domain/capture-state';
import { storeUpload } from '../../domain/media';
import { unsupportedMedia } from '../../errors';
import { sniffImageFormat } from '../../media/inspect';
import type { CapturedImage } from '../../types/capture-module';
import type { ServiceContext } from '../../service-context';
import { recordModelProposals } from '../record-proposals';
import { currentModelIdOf, everyOutputSubject } from '../runners/application-run';

/**
 * Stores a captured image as an upload is stored (checked by its bytes: an image, within the size and pixel limits)
 * with `media_src` the capture type, and asserts it for every output subject of the application (probability 1),
 * which sends it on to the applications that take those subjects, as an upload would be.
 */
export async function storeCapturedImage(ctx: ServiceContext, appRow: ApplicationRow, image: CapturedImage): Promise<string> {
  if (!sniffImageFormat(image.bytes)) throw unsupportedMedia('It is not a JPEG, PNG, WebP or GIF image.');
  const { row } = await storeUpload(ctx.db, ctx.blobs, {
    tenantId: appRow.tenantId,
    uploadedBy: null,
    bytes: image.bytes,
    mediaTimestamp: image.timestamp,
    details: image.details,
    mediaSrc: appRow.type,
    allowDuplicate: true,
  });
  const { flowed } = await ctx.db.transaction(async (tx) => {
    await recordCapturedImage(tx, appRow.applicationId, row.mediaId, image.itemKey);
    return recordModelProposals(ctx.jobs, tx, { appRow, mediaRow: row, focus: null, modelId: currentModelIdOf(appRow), proposals: everyOutputSubject(appRow) });
  });
  if (flowed > 0) ctx.jobs.kick();
  return row.mediaId;
}
