import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { INestApplication } from '@nestjs/common';
import { CallAdmission, type AdmissionRequest } from '@app/calls';
import { PrismaService } from '@app/db';
import { WorkspacesRepository } from '@app/workspaces';
import { createAssistant, createWorkspace, startGateway } from '../support/gateway';

/**
 * Issue 24: the one admission writer, as a service against the real database (no engine, no
 * HTTP): its SQL is the file beside it, and each source's rule holds under concurrency.
 */
describe('call admission', () => {
  let app: INestApplication;
  beforeAll(async () => {
    app = await startGateway();
  });
  afterAll(() => app.close());

  async function workspace(liveCallLimit: number, reservedForInbound: number) {
    const ws = await createWorkspace(app, 'admission');
    await app.get(WorkspacesRepository).setLimits(ws.workspaceId, { liveCallLimit, reservedForInbound });
    const { agentId } = await createAssistant(app, ws.keys.admin);
    const base = { workspaceId: ws.workspaceId, assistantId: agentId, language: 'en', from: null, numberId: null };
    return { ...base, metadata: null, to: '+14155552671' } satisfies Omit<AdmissionRequest, 'source'>;
  }
  const admitMany = (n: number, request: AdmissionRequest) =>
    Promise.all(Array.from({ length: n }, () => app.get(CallAdmission).admit(request)));

  it("is the gate the database runs: call_admission_gate's body is call-admission-gate.sql's", async () => {
    const file = readFileSync(join(__dirname, '../../libs/calls/src/admission/call-admission-gate.sql'), 'utf8');
    const body = /AS \$\$([\s\S]*)\$\$;/.exec(file)![1];
    const [{ prosrc }] = await app.get(PrismaService).$queryRaw<
      { prosrc: string }[]
    >`SELECT prosrc FROM pg_proc WHERE proname = 'call_admission_gate'`;
    expect(prosrc.trim()).toBe(body.trim());
  });

  it('admits exactly the limit of 40 concurrent start-calls', async () => {
    const results = await admitMany(40, { source: 'api', ...(await workspace(7, 2)) });
    expect(results.filter((r) => r.kind === 'created')).toHaveLength(7);
    expect(results.filter((r) => r.kind === 'limit-reached')).toHaveLength(33);
  });

  it('leaves the inbound reserve free for campaign calls, and never refuses an inbound call', async () => {
    const request = await workspace(5, 2);
    const campaign = await admitMany(10, { source: 'campaign', ...request });
    expect(campaign.filter((r) => r.kind === 'created')).toHaveLength(3);
    const inbound = await admitMany(6, { source: 'inbound', ...request, assistantId: null });
    expect(inbound.every((r) => r.kind === 'created')).toBe(true);
    const api = await app.get(CallAdmission).admit({ source: 'api', ...request });
    expect(api).toEqual({ kind: 'limit-reached', limit: 5, live: 9 });
  });

  it('refuses API and campaign calls to a listed number, inbound ones not', async () => {
    const request = await workspace(5, 0);
    await app.get(PrismaService).dncEntry.create({
      data: { id: `dnc_${Date.now()}`, workspaceId: request.workspaceId, number: request.to },
    });
    expect((await app.get(CallAdmission).admit({ source: 'api', ...request })).kind).toBe('do-not-call');
    expect((await app.get(CallAdmission).admit({ source: 'campaign', ...request })).kind).toBe('do-not-call');
    expect((await app.get(CallAdmission).admit({ source: 'inbound', ...request, assistantId: null })).kind).toBe(
      'created',
    );
  });
});
