import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signToken, verifyToken, type TokenClaims } from './jwt';

const secret = Buffer.alloc(32, 1);
const claims: TokenClaims = { sub: 'usr_1', tid: 'ten_1', ema: 'a@example.com', iat: 1000, exp: 2000 };
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('tokens', () => {
  it('signs an HS256 JWT that verifies until it expires', () => {
    const token = signToken(claims, secret);
    const [header, payload, signature] = token.split('.');
    expect(JSON.parse(Buffer.from(header!, 'base64url').toString())).toEqual({ alg: 'HS256', typ: 'JWT' });
    expect(JSON.parse(Buffer.from(payload!, 'base64url').toString())).toEqual(claims);
    expect(signature).toBe(createHmac('sha256', secret).update(`${header}.${payload}`).digest('base64url'));

    expect(verifyToken(token, secret, 1999)).toEqual({ ok: true, claims });
    expect(verifyToken(token, secret, 2000)).toEqual({ ok: false, reason: 'expired' });
  });

  it('refuses a changed payload, another secret, another algorithm and malformed tokens', () => {
    const token = signToken(claims, secret);
    const [header, , signature] = token.split('.');
    expect(verifyToken(`${header}.${b64({ ...claims, tid: 'ten_2' })}.${signature}`, secret, 1500)).toEqual({ ok: false, reason: 'signature' });
    expect(verifyToken(token, Buffer.alloc(32, 2), 1500)).toEqual({ ok: false, reason: 'signature' });
    expect(verifyToken(`${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.`, secret, 1500)).toEqual({ ok: false, reason: 'malformed' });
    for (const bad of ['', 'a.b', 'a.b.c.d', `${header}.%%%.${signature}`]) {
      expect(verifyToken(bad, secret, 1500).ok).toBe(false);
    }
  });

  it('refuses a correctly signed payload without the claims', () => {
    const header = b64({ alg: 'HS256', typ: 'JWT' });
    const payload = b64({ sub: 'usr_1', exp: 2000 });
    const signature = createHmac('sha256', secret).update(`${header}.${payload}`).digest('base64url');
    expect(verifyToken(`${header}.${payload}.${signature}`, secret, 1500)).toEqual({ ok: false, reason: 'malformed' });
  });
});
