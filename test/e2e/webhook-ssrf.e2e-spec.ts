import { lookup } from 'node:dns/promises';
import { hostname } from 'node:os';
import type { INestApplication } from '@nestjs/common';
import { PrismaService } from '@app/db';
import { AppConfig, newId, SecretBox } from '@app/platform';
import { generateWebhookSecret, WebhookSender } from '@app/webhooks';
import { startDispatcher, startEngine, useFastSimulator } from '../support/engine';
import {
  as,
  createAssistant,
  createWorkspace,
  expectError,
  startGateway,
  type TestWorkspace,
} from '../support/gateway';
import { isolateSuite, waitFor } from '../support/isolation';
import { Receiver } from '../support/receiver';
import { deliveriesWithAttempts } from '../support/delivery-history';

/**
 * The SSRF guard with its defaults (private networks refused): at registration, and at delivery
 * time on the resolved address, against a real server on loopback that must receive nothing.
 */
describe('SSRF guard', () => {
  let receiver: Receiver;
  let port: string;

  beforeAll(async () => {
    receiver = await Receiver.http();
    port = new URL(receiver.url).port;
  });
  afterAll(() => receiver.close());

  describe('delivery refuses private addresses, also behind a hostname', () => {
    const sender = new WebhookSender(
      Object.assign(new AppConfig(), {
        WEBHOOK_ALLOW_HTTP: true,
        WEBHOOK_ALLOW_PRIVATE_NETWORKS: false,
        WEBHOOK_TIMEOUT_MS: 2000,
      }),
    );
    afterAll(() => sender.onApplicationShutdown());
    const send = (host: string) =>
      sender.send({
        url: `http://${host}:${port}/hook`,
        deliveryId: 'dlv_test',
        body: '{}',
        secret: generateWebhookSecret(),
        apiKey: 'vk_x',
      });

    it('the machine name used below resolves to loopback (precondition)', async () => {
      expect((await lookup(hostname())).address).toMatch(/^127\./);
    });

    it.each(['127.0.0.1', '10.0.0.1', '169.254.169.254', '[::ffff:127.0.0.1]', '[::1]', 'localhost', hostname()])(
      '%s',
      async (host) => {
        const result = await send(host);
        expect(result).toMatchObject({ ok: false, statusCode: null, errorClass: 'blocked' });
        expect(receiver.received).toHaveLength(0);
      },
    );

    it(
      'the same server is reachable when private networks are allowed (the guard, not the network, ' + 'refused)',
      async () => {
        const open = new WebhookSender(
          Object.assign(new AppConfig(), { WEBHOOK_ALLOW_HTTP: true, WEBHOOK_ALLOW_PRIVATE_NETWORKS: true }),
        );
        const result = await open.send({
          url: `http://127.0.0.1:${port}/hook`,
          deliveryId: 'dlv_test',
          body: '{}',
          secret: generateWebhookSecret(),
          apiKey: 'vk_x',
        });
        await open.onApplicationShutdown();
        expect(result).toMatchObject({ ok: true, statusCode: 200 });
        receiver.received.length = 0;
      },
    );
  });

  describe('end to end with the default configuration', () => {
    let cleanup: () => Promise<void>;
    let gateway: INestApplication;
    let engine: INestApplication;
    let dispatcher: INestApplication;
    let ws: TestWorkspace;

    beforeAll(async () => {
      cleanup = await isolateSuite('ssrf');
      useFastSimulator();
      process.env.WEBHOOK_ALLOW_HTTP = 'false';
      process.env.WEBHOOK_ALLOW_PRIVATE_NETWORKS = 'false';
      process.env.WEBHOOK_MAX_ATTEMPTS = '1';
      gateway = await startGateway();
      engine = await startEngine();
      dispatcher = await startDispatcher();
      ws = await createWorkspace(gateway, 'ssrf');
    });
    afterAll(async () => {
      await dispatcher.close();
      await engine.close();
      await gateway.close();
      await cleanup();
    });

    it.each([
      `https://127.0.0.1:${443}/h`,
      'https://10.0.0.1/h',
      'https://169.254.169.254/latest/meta-data',
      'https://[::ffff:127.0.0.1]/h',
      `https://${hostname()}/h`,
    ])('registration refuses %s', async (url) => {
      expectError(
        await as(gateway, ws.keys.admin).post('/api/core/webhook', { url, events: ['call.started'] }),
        422,
        /private, loopback or reserved/,
      );
    });

    it(
      'a webhook row pointing at loopback (say, DNS changed after registration) is refused at delivery and ' +
        'the attempt recorded as blocked',
      async () => {
        const prisma = gateway.get(PrismaService);
        const box = gateway.get(SecretBox);
        const webhookId = newId('webhook');
        await prisma.webhook.create({
          data: {
            id: webhookId,
            workspaceId: ws.workspaceId,
            url: `http://${hostname()}:${port}/hook`,
            events: ['call.started'],
            secretEnc: box.seal(generateWebhookSecret()),
            apiKeyEnc: box.seal(ws.keys.admin),
            apiKeyId: ws.keyIds.admin,
          },
        });
        const agentId = (await createAssistant(gateway, ws.keys.admin)).agentId;
        await as(gateway, ws.keys.member).post('/api/core/voice/agent/call', { agentId, to: '+15005550002' });
        const delivery = await waitFor('the blocked attempt', async () =>
          (await deliveriesWithAttempts(prisma, { webhookId, status: 'failed' })).at(0),
        );
        expect(delivery.attempts).toEqual([
          expect.objectContaining({ number: 1, errorClass: 'blocked', statusCode: null }),
        ]);
        expect(delivery.attempts[0].responseBody).toMatch(/private or reserved/);
        expect(receiver.received).toHaveLength(0);
      },
    );
  });
});
