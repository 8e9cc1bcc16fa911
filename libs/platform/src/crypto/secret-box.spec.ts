import { randomBytes } from 'node:crypto';
import { AppConfig } from '../config/app-config';
import { SecretBox } from './secret-box';

const box = (key = randomBytes(32).toString('hex')) =>
  new SecretBox(Object.assign(new AppConfig(), { ENCRYPTION_KEY: key }));

describe('SecretBox (AES-256-GCM)', () => {
  it('round-trips and never repeats a ciphertext', () => {
    const b = box();
    const a1 = b.seal('whsec_abc');
    expect(a1).not.toBe(b.seal('whsec_abc'));
    expect(a1).not.toContain('whsec_abc');
    expect(b.open(a1)).toBe('whsec_abc');
  });

  it('refuses a tampered ciphertext and a wrong key', () => {
    const b = box();
    const sealed = b.seal('secret');
    const parts = sealed.split('.');
    parts[3] = Buffer.from('tampered').toString('base64url');
    expect(() => b.open(parts.join('.'))).toThrow();
    expect(() => box().open(sealed)).toThrow();
  });

  it('needs a 32-byte key at boot', () => {
    expect(() => box('')).toThrow(/ENCRYPTION_KEY is required/);
    expect(() => box('abcd')).toThrow(/32 bytes/);
    expect(() => box(randomBytes(32).toString('base64'))).not.toThrow();
  });
});
