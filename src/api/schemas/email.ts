import { z } from '../zod';

const EMAIL_MESSAGE = 'Give a valid email address.';

/** An email address, stored lower-cased. */
export const email = z
  .string()
  .trim()
  .max(254, EMAIL_MESSAGE)
  .pipe(z.email({ error: EMAIL_MESSAGE }))
  .transform((value) => value.toLowerCase());

/** The form an email address is stored and compared in. */
export const normalizeEmail = (address: string) => address.trim().toLowerCase();
