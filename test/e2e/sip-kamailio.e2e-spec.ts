import type { INestApplication } from '@nestjs/common';
import { PrismaService } from '@app/db';
import { useFastSimulator } from '../support/engine';
import { as, createAssistant, createWorkspace, startGateway, type TestWorkspace } from '../support/gateway';
import { isolateSuite, waitFor } from '../support/isolation';
import { PROXY_ADDRESS, startKamailio, type KamailioHandle } from '../support/kamailio';
import { spawnApp, type AppProcess } from '../support/processes';
import { freeUdpPort, startSipp, type SippHandle } from '../support/sip-peers';

/**
 * Issue 25, past one machine: two engines behind one SIP address (Kamailio's dispatcher). Inbound
 * calls spread over both; one engine is killed; Kamailio's probing stops sending it INVITEs and new
 * calls are still answered, by the other.
 */
describe('real calls over SIP: several engines behind Kamailio', () => {
  let cleanup: () => Promise<void>;
  let gateway: INestApplication;
  let ws: TestWorkspace;
  let proxy: KamailioHandle | undefined;
  const engines: { app: AppProcess; sipPort: number }[] = [];
  const callers: SippHandle[] = [];
  const number = '+14155558800';

  beforeAll(async () => {
    cleanup = await isolateSuite('sip_kamailio');
    useFastSimulator();
    // an engine is gone after 5 leases without renewal: 2.5 s, over the stalls a loaded CI machine has
    process.env.SIP_LEASE_MS = '500';
    process.env.RECONCILE_INTERVAL_MS = '500';
    gateway = await startGateway();
    ws = await createWorkspace(gateway, 'sip-kamailio');
    const admin = as(gateway, ws.keys.admin);
    const { agentId } = await createAssistant(gateway, ws.keys.admin, {
      firstMessage: 'Hello, you reached the front desk.',
      script: [{ hangup: 'assistant' }],
    });
    const trunk = await admin.post('/api/core/voice/trunk', {
      name: 'carrier behind kamailio',
      host: '127.0.0.2',
      inboundCidrs: ['127.0.0.2/32'],
    });
    expect((await admin.post('/api/core/voice/number', { number, trunkId: trunk.body.trunkId, agentId })).status).toBe(
      201,
    );
    for (let n = 0; n < 2; n++) {
      const sipPort = await freeUdpPort('127.0.0.1');
      const rtp = await freeUdpPort('127.0.0.1', 42);
      const app = await spawnApp('call-engine', {
        LOG_LEVEL: 'warn',
        SIP_ADDRESS: '127.0.0.1',
        SIP_PORT: String(sipPort),
        SPEECH_DECODERS: '0', // nothing here is recognised: no decoders loading beside the other suites
        SIP_TRUSTED_PROXIES: PROXY_ADDRESS,
        RTP_PORT_MIN: String(rtp),
        RTP_PORT_MAX: String(rtp + 40),
      });
      engines.push({ app, sipPort });
    }
    // Production's 2 s and one missed probe: once in CI, at load 7 on two cores, the live engine
    // missed them too and the calls after the kill were refused. Here an engine is down after two
    // probes in a row unanswered for 4 s.
    proxy = await startKamailio(
      engines.map((e) => `127.0.0.1:${e.sipPort}`),
      { replyMs: 4000, downAfter: 2 },
    );
  });

  afterAll(async () => {
    callers.forEach((c) => c.stop());
    await proxy?.stop();
    await Promise.all(engines.map((e) => e.app.kill('SIGKILL')));
    await gateway?.close();
    await cleanup?.();
  });

  /** `count` carrier calls to the number through Kamailio; the rows of the calls they made. */
  async function callIn(count: number, before: Date) {
    const caller = await startSipp('call-in.xml', [
      `${PROXY_ADDRESS}:${proxy!.port}`,
      ...['-s', number, '-m', String(count), '-l', '2', '-r', '4'],
    ]);
    callers.push(caller);
    const prisma = gateway.get(PrismaService);
    let seen: object[] = [];
    return waitFor(
      `${count} inbound calls to end`,
      async () => {
        const rows = await prisma.call.findMany({
          where: { workspaceId: ws.workspaceId, createdAt: { gt: before } },
          select: { status: true, endedReason: true, sipEngine: true },
        });
        seen = rows;
        const ended = rows.filter((r) => r.status !== 'ringing' && r.status !== 'in_progress');
        return ended.length >= count ? rows : null;
      },
      40000,
      200,
    ).catch((err: Error) => {
      const said = `the calls: ${JSON.stringify(seen)}; sipp's errors: ${caller.errors().slice(-1500)}`;
      const proxySaid = proxy!.output().split('\n').slice(-15).join('\n');
      throw new Error(`${err.message}; ${said}; kamailio's last lines:\n${proxySaid}`, { cause: err });
    });
  }

  it('spreads inbound calls over the engines; with one engine killed, new calls are still answered', async () => {
    const first = await callIn(6, new Date(Date.now() - 1000));
    expect(first.every((c) => c.status === 'completed' && c.endedReason === 'assistant-ended-call')).toBe(true);
    const pidOf = (engine: string | null) => Number(engine?.split(':')[1]);
    const served = new Set(first.map((c) => pidOf(c.sipEngine)));
    expect(served).toEqual(new Set(engines.map((e) => e.app.proc.pid)));

    const [dead, alive] = engines;
    await dead.app.kill('SIGKILL');
    // Kamailio probes every engine every second and stops sending INVITEs to one that does not answer
    await waitFor(
      'kamailio to mark the engine down',
      async () => proxy!.output().includes(`call engine down: sip:127.0.0.1:${dead.sipPort}`),
      30000,
    );
    const since = new Date();
    const second = await callIn(4, since);
    const expected = { status: 'completed', endedReason: 'assistant-ended-call', pid: alive.app.proc.pid };
    expect(second.map((c) => ({ status: c.status, endedReason: c.endedReason, pid: pidOf(c.sipEngine) }))).toEqual(
      Array(4).fill(expected),
    );
  });
});
