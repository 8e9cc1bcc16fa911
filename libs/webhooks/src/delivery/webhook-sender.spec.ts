import { randomBytes } from 'node:crypto';
import { Webhook as StandardWebhook } from 'standardwebhooks';
import { signedHeaders, standardSignature } from './webhook-sender';

describe('standardSignature', () => {
  const body = JSON.stringify({ event: 'call.started', deliveryId: 'dlv_1', data: { text: 'héllo ☎' } });

  it('signs as the Standard Webhooks reference library does, for any secret and body', () => {
    for (let i = 0; i < 20; i++) {
      const secret = `whsec_${randomBytes(24 + i).toString('base64')}`;
      const at = new Date(1_790_000_000_000 + i * 1_234_567);
      const text = body.repeat(i + 1);
      expect(standardSignature(secret, `dlv_${i}`, at, text)).toBe(
        new StandardWebhook(secret).sign(`dlv_${i}`, at, text),
      );
    }
  });

  it("makes headers the reference library's verify accepts", () => {
    const secret = `whsec_${randomBytes(32).toString('base64')}`;
    const headers = signedHeaders({ id: 'dlv_2', body, secret });
    expect(new StandardWebhook(secret).verify(body, headers)).toEqual(JSON.parse(body));
    expect(() => new StandardWebhook(secret).verify(body.replace('1', '2'), headers)).toThrow();
  });
});
