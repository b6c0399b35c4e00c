import { detectorClassSetting } from '../detector/classes';
import { z } from '../zod';

export const subjectSchema = z.object({
  subject_uid: z.string(),
  name: z.string(),
  description: z.string(),
  /**
   * Extension: the pretrained detector's class for this subject; null maps by its name, `none` to no class. Absent
   * from services that do not implement it.
   */
  detector_class: z._default(detectorClassSetting, null),
  tenant_id: z.string(),
  created_by: z.string(),
  created_at: z.number(),
  modified_at: z.number(),
});
export type Subject = z.infer<typeof subjectSchema>;
