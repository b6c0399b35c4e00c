import { errors, jwtVerify, SignJWT } from 'jose';
import { z } from 'zod';

const tokenClaimsSchema = z.object({
  /** User id. */
  sub: z.string(),
  /** Tenant id. */
  tid: z.string(),
  /** Email. */
  ema: z.string(),
  iat: z.number(),
  exp: z.number(),
});

export type TokenClaims = z.infer<typeof tokenClaimsSchema>;

export function signToken(claims: TokenClaims, secret: Buffer): Promise<string> {
  return new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(secret);
}

const BASE64URL = /^[A-Za-z0-9_-]*$/;

/**
 * The bytes of a part in canonical base64url only: no padding, no `+` or `/`, no stray characters, and no unused
 * bits set in the last character. Node's decoder (and jose's) accepts some of those, which would let one token be
 * written in several ways that all verify.
 */
export function decodeBase64Url(part: string): Buffer | null {
  if (!BASE64URL.test(part) || part.length % 4 === 1) return null;
  const bytes = Buffer.from(part, 'base64url');
  return bytes.toString('base64url') === part ? bytes : null;
}

export type VerifyResult = { ok: true; claims: TokenClaims } | { ok: false; reason: 'malformed' | 'signature' | 'expired' };

/** Checks the form (canonical base64url parts), the algorithm (HS256 only), the signature and the expiry. */
export async function verifyToken(token: string, secret: Buffer, nowSeconds: number): Promise<VerifyResult> {
  const parts = token.split('.');
  if (parts.length !== 3 || !parts.every((part) => decodeBase64Url(part))) return { ok: false, reason: 'malformed' };
  try {
    const { payload } = await jwtVerify(token, secret, { algorithms: ['HS256'], currentDate: new Date(nowSeconds * 1000) });
    const claims = tokenClaimsSchema.safeParse(payload);
    return claims.success ? { ok: true, claims: claims.data } : { ok: false, reason: 'malformed' };
  } catch (error) {
    if (error instanceof errors.JWSSignatureVerificationFailed) return { ok: false, reason: 'signature' };
    if (error instanceof errors.JWTExpired) return { ok: false, reason: 'expired' };
    return { ok: false, reason: 'malformed' };
  }
}
