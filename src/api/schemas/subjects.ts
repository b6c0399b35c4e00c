import { z } from '../zod';

export const subjectSchema = z.object({
  subject_uid: z.string(),
  name: z.string(),
  description: z.string(),
  tenant_id: z.string(),
  created_by: z.string(),
  created_at: z.number(),
  modified_at: z.number(),
});
export type Subject = z.infer<typeof subjectSchema>;
