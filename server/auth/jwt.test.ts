import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { decodeBase64Url, signToken, verifyToken, type TokenClaims } from './jwt';

const secret = Buffer.alloc(32, 1);
const claims: TokenClaims = { sub: 'usr_1', tid: 'ten_1', ema: 'a@example.com', iat: 1000, exp: 2000 };
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('tokens', () => {
  it('signs an HS256 JWT that verifies until it expires', async () => {
    const token = await signToken(claims, secret);
    const [header, payload, signature] = token.split('.');
    expect(JSON.parse(Buffer.from(header!, 'base64url').toString())).toEqual({ alg: 'HS256', typ: 'JWT' });
    expect(JSON.parse(Buffer.from(payload!, 'base64url').toString())).toEqual(claims);
    expect(signature).toBe(createHmac('sha256', secret).update(`${header}.${payload}`).digest('base64url'));

    expect(await verifyToken(token, secret, 1999)).toEqual({ ok: true, claims });
    expect(await verifyToken(token, secret, 2000)).toEqual({ ok: false, reason: 'expired' });
  });

  it('refuses a changed payload, another secret, another algorithm and malformed tokens', async () => {
    const token = await signToken(claims, secret);
    const [header, , signature] = token.split('.');
    expect(await verifyToken(`${header}.${b64({ ...claims, tid: 'ten_2' })}.${signature}`, secret, 1500)).toEqual({ ok: false, reason: 'signature' });
    expect(await verifyToken(token, Buffer.alloc(32, 2), 1500)).toEqual({ ok: false, reason: 'signature' });
    expect(await verifyToken(`${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.`, secret, 1500)).toEqual({ ok: false, reason: 'malformed' });
    for (const bad of ['', 'a.b', 'a.b.c.d', `${header}.%%%.${signature}`]) {
      expect((await verifyToken(bad, secret, 1500)).ok).toBe(false);
    }
  });

  it('refuses a correctly signed payload without the claims', async () => {
    const header = b64({ alg: 'HS256', typ: 'JWT' });
    const payload = b64({ sub: 'usr_1', exp: 2000 });
    const signature = createHmac('sha256', secret).update(`${header}.${payload}`).digest('base64url');
    expect(await verifyToken(`${header}.${payload}.${signature}`, secret, 1500)).toEqual({ ok: false, reason: 'malformed' });
  });

  it('refuses a token whose parts are not canonical base64url, though they decode to the same bytes', async () => {
    const token = await signToken(claims, secret);
    const [header, payload, signature] = token.split('.') as [string, string, string];
    expect(signature).toHaveLength(43);
    // 43 characters carry 258 bits for 256: the last character's two low bits are unused and must be zero.
    const last = signature.at(-1)!;
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const sloppy = alphabet[alphabet.indexOf(last) | 1]!;
    expect(Buffer.from(`${signature.slice(0, -1)}${sloppy}`, 'base64url')).toEqual(Buffer.from(signature, 'base64url'));
    const standard = Buffer.from(signature, 'base64url').toString('base64');
    const variants = [
      `${header}.${payload}.${signature}=`,
      `${header}.${payload}.${signature.slice(0, -1)}${sloppy}`,
      `${header}.${payload}.${standard}`,
      `${header}.${payload}.${signature} `,
      `${header}=.${payload}.${signature}`,
      `${header}.${payload}=.${signature}`,
    ].filter((variant) => variant !== token);
    expect(variants.length).toBeGreaterThanOrEqual(5);
    for (const variant of variants) expect((await verifyToken(variant, secret, 1500)).ok, variant).toBe(false);
    expect((await verifyToken(token, secret, 1500)).ok).toBe(true);
  });

  it('decodes only canonical base64url', () => {
    expect(decodeBase64Url('aGk')).toEqual(Buffer.from('hi'));
    expect(decodeBase64Url('')).toEqual(Buffer.alloc(0));
    for (const bad of ['aGk=', 'aGl', 'a+/b', 'aG k', 'a', 'aGk\u0000']) expect(decodeBase64Url(bad), bad).toBeNull();
  });
});
