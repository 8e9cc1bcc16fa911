import type { INestApplication } from '@nestjs/common';
import { PrismaService } from '@app/db';
import { startEngine, useFastSimulator } from '../support/engine';
import { as, createAssistant, createWorkspace, startGateway, type TestWorkspace } from '../support/gateway';
import { isolateSuite, waitFor } from '../support/isolation';
import { spawnApp, type AppProcess } from '../support/processes';
import { freeUdpPort, PEER_ADDRESS, startSipp, type SippHandle } from '../support/sip-peers';

/**
 * Issue 25, robustness: two engines place SIP calls (each INVITE sent once), one is SIGKILLed
 * mid-call; its calls end as engine-lost within the lease and the reconciler's interval, the other
 * engine's calls complete, and no live-call slot stays held.
 */
describe('real calls over SIP: an engine killed mid-call', () => {
  let cleanup: () => Promise<void>;
  let gateway: INestApplication;
  let survivor: INestApplication | undefined;
  let ws: TestWorkspace;
  let peer: SippHandle;
  const engines: AppProcess[] = [];

  beforeAll(async () => {
    cleanup = await isolateSuite('sip_loss');
    useFastSimulator();
    // an engine is gone after 5 leases without renewal: 2.5 s, over the stalls a loaded CI machine has
    process.env.SIP_LEASE_MS = '500';
    process.env.RECONCILE_INTERVAL_MS = '500';
    process.env.NO_SPEECH_TIMEOUT_MS = '1500';
    gateway = await startGateway();
    ws = await createWorkspace(gateway, 'sip-loss');
    peer = await startSipp('answer.xml');
  });

  afterAll(async () => {
    peer?.stop();
    await Promise.all(engines.map((e) => e.kill('SIGKILL')));
    await survivor?.close();
    await gateway?.close();
    await cleanup?.();
  });

  const spawnEngine = async () => {
    const rtp = await freeUdpPort('127.0.0.1', 42);
    const engine = await spawnApp('call-engine', {
      LOG_LEVEL: 'warn',
      SIP_ADDRESS: '127.0.0.1',
      SIP_PORT: String(await freeUdpPort('127.0.0.1')),
      SPEECH_DECODERS: '0', // nothing here is recognised: no decoders loading beside the other suites
      RTP_PORT_MIN: String(rtp),
      RTP_PORT_MAX: String(rtp + 40),
    });
    engines.push(engine);
    return engine;
  };

  it('ends the dead engine’s calls as engine-lost; no call is dialled twice or left live', async () => {
    const admin = as(gateway, ws.keys.admin);
    const { agentId } = await createAssistant(gateway, ws.keys.admin, {
      firstMessage: 'Hello, this call lasts a few seconds.',
      // ~9 s: every call still in progress once the last of the six connects on a loaded machine
      script: [{ hear: 'a' }, { hear: 'b' }, { hear: 'c' }, { hear: 'd' }, { hear: 'e' }, { hangup: 'assistant' }],
    });
    const trunk = await admin.post('/api/core/voice/trunk', { name: 'sipp', host: PEER_ADDRESS, port: peer.port });
    const number = '+14155557700';
    expect((await admin.post('/api/core/voice/number', { number, trunkId: trunk.body.trunkId })).status).toBe(201);
    const pair = [await spawnEngine(), await spawnEngine()];

    const ids: string[] = [];
    for (let i = 0; i < 6; i++) {
      const started = await admin.post('/api/core/voice/agent/call', { agentId, to: '+14155550123', from: number });
      expect(started.status).toBe(201);
      ids.push(started.body.callId);
    }
    const prisma = gateway.get(PrismaService);
    let seen: object[] = [];
    await waitFor(
      'every call connected',
      async () => {
        const rows = await prisma.call.findMany({
          where: { id: { in: ids } },
          select: { id: true, status: true, endedReason: true, sipEngine: true },
        });
        seen = rows;
        return rows.every((c) => c.status === 'in_progress');
      },
      30000,
    ).catch((err: Error) => {
      throw new Error(`${err.message}; the calls: ${JSON.stringify(seen)}`, { cause: err });
    });
    const holders = await prisma.call.findMany({
      where: { id: { in: ids } },
      select: { id: true, sipEngine: true },
      orderBy: { createdAt: 'asc' },
    });
    // the engine that holds the first call dies (the jobs may have gone to either, or to one)
    const doomed = pair.find((e) => holders[0].sipEngine?.includes(`:${e.proc.pid}:`))!;
    const onDoomed = holders.filter((c) => c.sipEngine?.includes(`:${doomed.proc.pid}:`)).map((c) => c.id);
    expect(onDoomed.length).toBeGreaterThan(0);
    await doomed.kill('SIGKILL');

    // any engine's reconciler ends what the dead one held (here a third, in-process, without SIP)
    survivor = await startEngine();
    const calls = await waitFor(
      'every call final',
      async () => {
        const rows = await prisma.call.findMany({ where: { id: { in: ids } } });
        return rows.every((c) => !['ringing', 'in_progress'].includes(c.status)) ? rows : null;
      },
      30000,
      100,
    );
    for (const call of calls) {
      if (onDoomed.includes(call.id)) {
        expect({ id: call.id, status: call.status, endedReason: call.endedReason }).toEqual({
          id: call.id,
          status: 'failed',
          endedReason: 'engine-lost',
        });
      } else {
        expect({ status: call.status, endedReason: call.endedReason }).toEqual({
          status: 'completed',
          endedReason: 'assistant-ended-call',
        });
      }
    }
    expect((await admin.get('/api/core/voice/concurrency')).body.live).toBe(0);
    // each call was dialled exactly once, whichever engine took it
    const invites = [...peer.messages().matchAll(/^INVITE sip:.*$[\s\S]*?^Call-ID: (\S+)/gm)].map((m) => m[1]);
    expect(new Set(invites).size).toBe(ids.length);
  });
});
