import { z } from '../zod';
import { API_KEY_DESCRIPTION_MAX } from '../limits';

const DESCRIPTION_MESSAGE = `Use at most ${API_KEY_DESCRIPTION_MAX} characters.`;

/** The body of `POST /1/users/{id|current}/apiKeys`: what the key is for, so that its owner knows which to revoke. */
export const createApiKeyBody = z.object({
  description: z._default(z.string('Give the description as text.').check(z.trim(), z.maxLength(API_KEY_DESCRIPTION_MAX, DESCRIPTION_MESSAGE)), ''),
});
export type CreateApiKeyRequest = z.input<typeof createApiKeyBody>;

/** An API key as the service lists it: never the key itself. */
export const apiKeySchema = z.object({
  key_id: z.string(),
  user_id: z.string(),
  description: z.string(),
  created_at: z.number(),
  /** When it was last traded for a token. */
  last_used_at: z.nullable(z.number()),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

/** The answer to creating a key: the only time `api_key` is shown. Send it as `Authorization: Key <api_key>`. */
export const createdApiKeySchema = z.extend(apiKeySchema, { api_key: z.string() });
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;
