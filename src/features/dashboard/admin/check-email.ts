import { email } from '../../../api/schemas/email';

/** What is wrong with an email address as typed, or undefined when it is well-formed. */
export const checkEmail = (value: string): string | undefined => email.safeParse(value).error?.issues[0]?.message;
