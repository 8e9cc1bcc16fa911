import { generateApiKey, hashApiKey, looksLikeApiKey, previewApiKey } from './api-key-material';

describe('API key material', () => {
  it('has 256 bits of randomness, a recognisable prefix, a sha256 hash and a masked preview', () => {
    const key = generateApiKey();
    expect(key).toMatch(/^vk_[A-Za-z0-9_-]{43}$/);
    expect(looksLikeApiKey(key)).toBe(true);
    expect(hashApiKey(key)).toMatch(/^[0-9a-f]{64}$/);
    expect(previewApiKey(key)).toBe(`vk_…${key.slice(-4)}`);
    expect(new Set(Array.from({ length: 100 }, generateApiKey)).size).toBe(100);
  });
});
