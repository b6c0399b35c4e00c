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

function decodeJson(part: string): unknown {
  try {
    return JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
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

/** Checks the form, the algorithm (HS256 only), the signature (in constant time) and the expiry. */
export function verifyToken(token: string, secret: Buffer, nowSeconds: number): VerifyResult {
  const parts = token.split('.');
  if (parts.length !== 3) return { ok: false, reason: 'malformed' };
  const [header, payload, signature] = parts as [string, string, string];
  const decodedHeader = decodeJson(header) as { alg?: unknown } | null;
  if (!decodedHeader || decodedHeader.alg !== 'HS256') return { ok: false, reason: 'malformed' };

  const expected = sign(`${header}.${payload}`, secret);
  const actual = Buffer.from(signature, 'base64url');
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return { ok: false, reason: 'signature' };

  const claims = decodeJson(payload);
  if (!isClaims(claims)) return { ok: false, reason: 'malformed' };
  if (claims.exp <= nowSeconds) return { ok: false, reason: 'expired' };
  return { ok: true, claims };
}
