import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/** Passwords shorter than this are refused (issue 12; NIST 800-63B asks for at least 8). */
export const MIN_PASSWORD_LENGTH = 12;

// scrypt from node:crypto (no native dependency): N=2^15, r=8, p=1 is about 50 ms and 32 MiB.
const PARAMS = { N: 2 ** 15, r: 8, p: 1 };
const KEY_LENGTH = 32;

const derive = (password: string, salt: Buffer, o: ScryptOptions & { N: number; r: number }) =>
  new Promise<Buffer>((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { ...o, maxmem: 128 * o.N * o.r * 2 }, (e, key) =>
      e ? reject(e) : resolve(key),
    ),
  );

/** `scrypt$N$r$p$salt$hash` (base64url), self-describing so the cost can be raised later. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, PARAMS);
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [kind, N, r, p, salt, hash] = stored.split('$');
  if (kind !== 'scrypt' || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const key = await derive(password, Buffer.from(salt, 'base64url'), { N: +N, r: +r, p: +p });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** Spent on unknown emails too, so the answer's timing does not reveal which emails exist. */
export const DUMMY_PASSWORD_HASH = ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, 'A'.repeat(22), 'A'.repeat(43)].join('$');
