import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { INestApplication } from '@nestjs/common';
import { parseWav, Speech } from '../../apps/call-engine/src/media/speech';
import { monoWav } from '../../apps/call-engine/src/media/wav';
import { startEngine, useFastSimulator } from './engine';
import { as, createWorkspace, startGateway, type TestWorkspace } from './gateway';
import { isolateSuite, waitFor } from './isolation';
import { freeUdpPort, PEER_ADDRESS } from './sip-peers';

const FINAL = ['completed', 'failed', 'no-answer'];
export const RATE = 8000;

/**
 * A gateway and an engine with SIP on loopback (the engine on 127.0.0.1, the peers on
 * PEER_ADDRESS), a workspace, and what a suite of real calls needs: a trunk and number per phone,
 * a call through it, its end, its recording, and WAV files of what the phone says.
 */
export async function startSipTestbed(name: string, env: Record<string, string> = {}) {
  const cleanup = await isolateSuite(name);
  useFastSimulator();
  process.env.WEBHOOK_ALLOW_PRIVATE_NETWORKS = 'true';
  process.env.RECORDINGS_DIR = mkdtempSync(join(tmpdir(), 'recordings-'));
  process.env.SIP_ADDRESS = '127.0.0.1';
  process.env.SIP_PORT = String(await freeUdpPort('127.0.0.1'));
  const rtp = await freeUdpPort('127.0.0.1', 62);
  process.env.RTP_PORT_MIN = String(rtp);
  process.env.RTP_PORT_MAX = String(rtp + 60);
  Object.assign(process.env, env);
  const gateway: INestApplication = await startGateway();
  const engine: INestApplication = await startEngine();
  const ws: TestWorkspace = await createWorkspace(gateway, name);
  const admin = () => as(gateway, ws.keys.admin);
  const speech = new Speech();
  let nextNumber = 0;

  /** A trunk to the phone, a number on it, and a call from that number. */
  async function callThrough(peer: { port: number }, agentId: string): Promise<string> {
    const trunk = await admin().post('/api/core/voice/trunk', {
      name: `peer ${peer.port}`,
      host: PEER_ADDRESS,
      port: peer.port,
    });
    const number = `+1415556${String(1000 + nextNumber++).padStart(4, '0')}`;
    const imported = await admin().post('/api/core/voice/number', { number, trunkId: trunk.body.trunkId });
    if (imported.status !== 201) throw new Error(`number not imported: ${JSON.stringify(imported.body)}`);
    const started = await admin().post('/api/core/voice/agent/call', { agentId, to: '+14155550123', from: number });
    if (started.status !== 201) throw new Error(`call not started: ${JSON.stringify(started.body)}`);
    return started.body.callId as string;
  }

  /** The call once it ended and its media is stored. */
  async function ended(callId: string) {
    return waitFor(
      `call ${callId} to end with its media`,
      async () => {
        const res = await admin().get(`/api/core/voice/call/${callId}`);
        return FINAL.includes(res.body.status) && res.body.recordingReady ? res.body : null;
      },
      60_000,
    );
  }

  async function transcript(callId: string): Promise<{ role: string; text: string | null; [k: string]: unknown }[]> {
    return (await admin().get(`/api/core/voice/call/${callId}/transcript`)).body.turns;
  }

  /** Our two-channel recording: [the assistant, the far end]. */
  async function recording(callId: string): Promise<[Int16Array, Int16Array]> {
    const res = await admin()
      .get(`/api/core/voice/call/${callId}/recording`)
      .buffer(true)
      .parse((r, cb) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => cb(null, Buffer.concat(chunks)));
      });
    const { samples } = parseWav(res.body as Buffer);
    return [samples.filter((_, i) => i % 2 === 0), samples.filter((_, i) => i % 2 === 1)];
  }

  function wavFile(samples: Int16Array): string {
    const file = join(mkdtempSync(join(tmpdir(), 'line-')), 'caller.wav');
    writeFileSync(file, monoWav(samples));
    return file;
  }

  /** The phone's line: each utterance (a flite voice) at its second, silence around; a WAV file. */
  async function line(utterances: [number, string][], seconds = 40, voice = 'flite:awb'): Promise<string> {
    const samples = new Int16Array(RATE * seconds);
    for (const [atSec, text] of utterances) {
      samples.set((await speech.speak(text, 'en', voice as 'flite:awb'))!, Math.round(atSec * RATE));
    }
    return wavFile(samples);
  }

  async function stop(): Promise<void> {
    await engine?.close();
    await gateway?.close();
    await cleanup?.();
  }

  return { gateway, engine, ws, admin, speech, callThrough, ended, transcript, recording, wavFile, line, stop };
}
export type SipTestbed = Awaited<ReturnType<typeof startSipTestbed>>;
