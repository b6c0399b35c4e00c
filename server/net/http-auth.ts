import { createHash, randomBytes } from 'node:crypto';

export interface Credentials {
  username: string;
  password: string;
}

/** The parameters of a `WWW-Authenticate` challenge: `Digest realm="x", nonce="y", qop="auth"`. */
function challengeParameters(text: string): Map<string, string> {
  const parameters = new Map<string, string>();
  for (const match of text.matchAll(/([a-zA-Z0-9_-]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^\s,]+))/g)) {
    parameters.set(match[1]!.toLowerCase(), (match[2] ?? match[3] ?? '').replace(/\\(.)/g, '$1'));
  }
  return parameters;
}

const md5 = (text: string) => createHash('md5').update(text).digest('hex');
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** RFC 7616 Digest with MD5 or SHA-256 (and their `-sess` forms), `qop=auth` when offered. */
function digestAuthorization(parameters: Map<string, string>, { username, password }: Credentials, method: string, uri: string): string | null {
  const algorithm = parameters.get('algorithm') ?? 'MD5';
  const hash = /^sha-256/i.test(algorithm) ? sha256 : /^md5/i.test(algorithm) ? md5 : null;
  const realm = parameters.get('realm') ?? '';
  const nonce = parameters.get('nonce');
  if (!hash || nonce === undefined) return null;
  const qops = (parameters.get('qop') ?? '').split(',').map((qop) => qop.trim());
  const qop = qops.includes('auth') ? 'auth' : null;
  const cnonce = randomBytes(8).toString('hex');
  const nc = '00000001';
  let ha1 = hash(`${username}:${realm}:${password}`);
  if (/-sess$/i.test(algorithm)) ha1 = hash(`${ha1}:${nonce}:${cnonce}`);
  const ha2 = hash(`${method}:${uri}`);
  const response = qop ? hash(`${ha1}:${nonce}:${nc}:${cnonce}:${qop}:${ha2}`) : hash(`${ha1}:${nonce}:${ha2}`);
  const quoted = (value: string) => `"${value.replace(/(["\\])/g, '\\$1')}"`;
  const fields = [
    `username=${quoted(username)}`,
    `realm=${quoted(realm)}`,
    `nonce=${quoted(nonce)}`,
    `uri=${quoted(uri)}`,
    `algorithm=${algorithm}`,
    `response=${quoted(response)}`,
    ...(parameters.has('opaque') ? [`opaque=${quoted(parameters.get('opaque')!)}`] : []),
    ...(qop ? [`qop=${qop}`, `nc=${nc}`, `cnonce=${quoted(cnonce)}`] : []),
  ];
  return `Digest ${fields.join(', ')}`;
}

/**
 * The `Authorization` header answering a server's challenges (`WWW-Authenticate`, one header or several): Digest when
 * offered, else Basic; null when the server asks for a scheme the service does not speak.
 */
export function answerChallenge(challenges: string | string[] | undefined, credentials: Credentials, method: string, uri: string): string | null {
  const offered = (Array.isArray(challenges) ? challenges : [challenges ?? '']).flatMap((header) => header.split(/,(?=\s*(?:Basic|Digest)\b)/i));
  const digest = offered.find((challenge) => /^\s*Digest\b/i.test(challenge));
  if (digest) return digestAuthorization(challengeParameters(digest.replace(/^\s*Digest/i, '')), credentials, method, uri);
  if (offered.some((challenge) => /^\s*Basic\b/i.test(challenge))) {
    return `Basic ${Buffer.from(`${credentials.username}:${credentials.password}`).toString('base64')}`;
  }
  return null;
}
