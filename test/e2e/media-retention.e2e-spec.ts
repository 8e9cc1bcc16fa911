import type { INestApplication } from '@nestjs/common';
import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MediaRetentionRepository } from '@app/calls';
import { PrismaService } from '@app/db';
import { WorkspacesRepository } from '@app/workspaces';
import { startEngine, useFastSimulator } from '../support/engine';
import {
  as,
  createAssistant,
  createWorkspace,
  expectError,
  startGateway,
  type TestWorkspace,
} from '../support/gateway';
import { isolateSuite, waitFor } from '../support/isolation';

const DAY = 24 * 3600 * 1000;

/** Issue 16: transcripts and recordings kept for a workspace's retention, then removed and reported so. */
describe('retention of transcripts and recordings', () => {
  let cleanup: () => Promise<void>;
  let gateway: INestApplication;
  let engine: INestApplication;
  let recordings: string;
  let shortLived: TestWorkspace;
  let keptForever: TestWorkspace;

  beforeAll(async () => {
    cleanup = await isolateSuite('retention');
    useFastSimulator();
    recordings = mkdtempSync(join(tmpdir(), 'recordings-'));
    process.env.RECORDINGS_DIR = recordings;
    gateway = await startGateway();
    engine = await startEngine();
    shortLived = await createWorkspace(gateway, 'retention');
    keptForever = await createWorkspace(gateway, 'forever');
    await gateway.get(WorkspacesRepository).setMediaRetention(shortLived.workspaceId, 30);
  });
  afterAll(async () => {
    await engine.close();
    await gateway.close();
    await cleanup();
  });

  /** A finished call of the workspace with its transcript and recording stored. */
  async function finishedCall(ws: TestWorkspace): Promise<string> {
    const { agentId } = await createAssistant(gateway, ws.keys.admin, {
      script: [{ hear: 'Hello?' }, { say: 'Bye.' }, { hangup: 'assistant' }],
    });
    const started = await as(gateway, ws.keys.member).post('/api/core/voice/agent/call', {
      agentId,
      to: '+14155552671',
    });
    const callId = started.body.callId as string;
    await waitFor(`call ${callId} with its media`, async () => {
      const { body } = await as(gateway, ws.keys.viewer).get(`/api/core/voice/call/${callId}`);
      return body.transcriptReady && body.recordingReady;
    });
    return callId;
  }

  const removeDue = (at: Date) => engine.get(MediaRetentionRepository).removeDue(at);

  it(
    'removes them once the retention passed (one engine at a time): the call stays and says so, the ' +
      'transcript and recording answer 410, the file is gone; other workspaces keep theirs',
    async () => {
      const [expiring, kept] = await Promise.all([finishedCall(shortLived), finishedCall(keptForever)]);
      const prisma = gateway.get(PrismaService);
      const recordingKey = (await prisma.recording.findUniqueOrThrow({ where: { callId: expiring } })).storageKey;
      expect(existsSync(join(recordings, recordingKey))).toBe(true);

      expect(await removeDue(new Date(Date.now() + 29 * DAY))).toEqual([]);
      // two engines' passes at once: one removes, the other finds the lock taken or nothing left
      const passes = await Promise.all([
        removeDue(new Date(Date.now() + 31 * DAY)),
        removeDue(new Date(Date.now() + 31 * DAY)),
      ]);
      expect(passes.flat()).toEqual([expiring]);

      const viewer = as(gateway, shortLived.keys.viewer);
      const { body: call } = await viewer.get(`/api/core/voice/call/${expiring}`);
      expect(call).toMatchObject({ status: 'completed', transcriptReady: false, recordingReady: false });
      expect(Date.parse(call.mediaRemovedAt)).toBeGreaterThan(Date.now() + 30 * DAY);
      expectError(await viewer.get(`/api/core/voice/call/${expiring}/transcript`), 410, /removed .* retention/);
      expectError(await viewer.get(`/api/core/voice/call/${expiring}/recording`), 410, /removed .* retention/);
      expect(existsSync(join(recordings, recordingKey))).toBe(false);
      expect(await prisma.transcript.count({ where: { callId: expiring } })).toBe(0);
      expect(await prisma.recording.count({ where: { callId: expiring } })).toBe(0);
      // the engine's own flags stay set: nothing makes it render the media again
      expect(await prisma.call.findUniqueOrThrow({ where: { id: expiring } })).toMatchObject({
        transcriptReady: true,
        recordingReady: true,
      });
      expect(
        (await viewer.get(`/api/core/voice/call/list`)).body.list.map((c: { callId: string }) => c.callId),
      ).toEqual([expiring]);

      const other = as(gateway, keptForever.keys.viewer);
      expect((await other.get(`/api/core/voice/call/${kept}`)).body).toMatchObject({ mediaRemovedAt: null });
      expect((await other.get(`/api/core/voice/call/${kept}/recording`)).status).toBe(200);
      expect((await other.get(`/api/core/voice/call/${kept}/transcript`)).status).toBe(200);
    },
  );

  it('a pass that stopped after marking the call deletes the recording file next time', async () => {
    const callId = await finishedCall(shortLived);
    const prisma = gateway.get(PrismaService);
    // as if an engine died right after its marking transaction committed
    await prisma.call.update({ where: { id: callId }, data: { mediaRemovedAt: new Date() } });
    const { storageKey } = await prisma.recording.findUniqueOrThrow({ where: { callId } });
    expect(existsSync(join(recordings, storageKey))).toBe(true);
    await removeDue(new Date());
    expect(existsSync(join(recordings, storageKey))).toBe(false);
    expect(await prisma.recording.count({ where: { callId } })).toBe(0);
    expect(readdirSync(recordings, { recursive: true }).filter((f) => String(f).includes(callId))).toEqual([]);
  });
});
