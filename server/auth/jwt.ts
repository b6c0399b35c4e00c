import { createHmac, timingSafeEqual } from 'node:crypto';

export interface TokenClaims {
  /** User id. */
  sub: string;
  /** Tenant id. */
  tid: string;
  /** Email. */
  ema: string;
  iat: number;
  exp: number;
}

const HEADER = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');

const sign = (input: string, secret: Buffer) => createHmac('sha256', secret).update(input).digest();

export function signToken(claims: TokenClaims, secret: Buffer): string {
  const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
  const input = `${HEADER}.${payload}`;
  return `${input}.${sign(input, secret).toString('base64url')}`;
}

const BASE64URL = /^[A-Za-z0-9_-]*$/;

/**
 * The bytes of a part in canonical base64url only: no padding, no `+` or `/`, no stray characters, and no unused
 * bits set in the last character. Node's decoder accepts all of those, which would let one token be written in
 * several ways that all verify.
 */
export function decodeBase64Url(part: string): Buffer | null {
  if (!BASE64URL.test(part) || part.length % 4 === 1) return null;
  const bytes = Buffer.from(part, 'base64url');
  return bytes.toString('base64url') === part ? bytes : null;
}

function decodeJson(part: string): unknown {
  const bytes = decodeBase64Url(part);
  if (!bytes) return null;
  try {
    return JSON.parse(bytes.toString('utf8'));
  } catch {
    return null;
  }
}

function isClaims(value: unknown): value is TokenClaims {
  if (!value || typeof value !== 'object') return false;
  const claims = value as Record<string, unknown>;
  return (
    typeof claims.sub === 'string' &&
    typeof claims.tid === 'string' &&
    typeof claims.ema === 'string' &&
    Number.isFinite(claims.iat) &&
    Number.isFinite(claims.exp)
  );
}

export type VerifyResult = { ok: true; claims: TokenClaims } | { ok: false; reason: 'malformed' | 'signature' | 'expired' };

/** Checks the form (canonical base64url parts), the algorithm (HS256 only), the signature (in constant time) and the expiry. */
export function verifyToken(token: string, secret: Buffer, nowSeconds: number): VerifyResult {
  const parts = token.split('.');
  if (parts.length !== 3) return { ok: false, reason: 'malformed' };
  const [header, payload, signature] = parts as [string, string, string];
  const decodedHeader = decodeJson(header) as { alg?: unknown } | null;
  if (!decodedHeader || decodedHeader.alg !== 'HS256') return { ok: false, reason: 'malformed' };

  const expected = sign(`${header}.${payload}`, secret);
  const actual = decodeBase64Url(signature);
  if (!actual || actual.length !== expected.length || !timingSafeEqual(actual, expected)) return { ok: false, reason: 'signature' };

  const claims = decodeJson(payload);
  if (!isClaims(claims)) return { ok: false, reason: 'malformed' };
  if (claims.exp <= nowSeconds) return { ok: false, reason: 'expired' };
  return { ok: true, claims };
}
