import { z } from '../zod';

const EMAIL_MESSAGE = 'Give a valid email address.';

/** An email address, stored lower-cased. */
export const email = z.pipe(
  z.pipe(z.string().check(z.trim(), z.maxLength(254, EMAIL_MESSAGE)), z.email({ error: EMAIL_MESSAGE })),
  z.transform((value) => value.toLowerCase()),
);

/** The form an email address is stored and compared in. */
export const normalizeEmail = (address: string) => address.trim().toLowerCase();
