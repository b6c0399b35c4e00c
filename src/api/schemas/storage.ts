import { z } from '../zod';

/** `GET /1/tenants/{id}/storage`: what the tenant keeps in the media store, in bytes. */
export const storageUseSchema = z.object({
  /** The original files of the tenant's media items. */
  media_bytes: z.number().check(z.int()),
  /** The files of the tenant's finished label exports (until they expire or newer ones replace them). */
  export_bytes: z.number().check(z.int()),
  /** The label exports kept (finished) or being prepared. */
  exports: z.number().check(z.int()),
  total_bytes: z.number().check(z.int()),
});
export type StorageUse = z.infer<typeof storageUseSchema>;
