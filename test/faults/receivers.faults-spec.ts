import { PrismaService } from '@app/db';
import { DISABLED_REASONS } from '@app/webhooks';
import { attemptsOfDeliveries, deliveriesWithAttempts } from '../support/delivery-history';
import { waitFor } from '../support/isolation';
import { Stack } from '../support/stack';

/** Scenario 1: receivers that fail in every way a network endpoint can, then recover. */
jest.setTimeout(180_000);

describe('fault: misbehaving receivers', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await Stack.start();
  });
  afterAll(() => stack.stop());

  it(
    '500s, resets, slow answers past the timeout and 429 with Retry-After are retried until delivered; 410 ' +
      'disables its webhook',
    async () => {
      const flaky = await stack.receiver((_, nth) => ({ status: nth <= 2 ? 500 : 200 }));
      const resets = await stack.receiver((_, nth) => (nth <= 1 ? 'reset' : { status: 200 }));
      const slow = await stack.receiver((_, nth) => ({ status: 200, delayMs: nth <= 1 ? 1500 : 0 }));
      const limited = await stack.receiver((_, nth) =>
        nth <= 1 ? { status: 429, headers: { 'retry-after': '1' } } : { status: 200 },
      );
      const gone = await stack.receiver(() => ({ status: 410 }));

      const calls = [];
      for (let i = 0; i < 6; i++) calls.push((await stack.startCall(i)).callId!);
      await stack.audit(calls, [flaky, resets, slow, limited]);

      const prisma = stack.fixtures.get(PrismaService);
      const attempts = await attemptsOfDeliveries(prisma, {
        webhookId: { in: [resets.webhookId, slow.webhookId, limited.webhookId] },
      });
      expect(new Set(attempts.map((a) => a.errorClass))).toEqual(
        new Set([null, 'connection-reset', 'timeout', 'http-status']),
      );
      const limitedRetries = await deliveriesWithAttempts(prisma, { webhookId: limited.webhookId });
      for (const d of limitedRetries.filter((x) => x.attempts.length > 1)) {
        // Retry-After: 1 was honoured (the base backoff here is 60 ms)
        expect(d.attempts[1].startedAt.getTime() - d.attempts[0].startedAt.getTime()).toBeGreaterThanOrEqual(900);
      }
      const goneHook = await waitFor('the 410 webhook to be disabled', async () => {
        const w = await prisma.webhook.findUnique({ where: { id: gone.webhookId } });
        return w && !w.enabled ? w : undefined;
      });
      expect(goneHook.disabledReason).toBe(DISABLED_REASONS.gone);
    },
  );
});
