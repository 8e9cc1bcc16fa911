import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { INestApplication } from '@nestjs/common';
import { CallAdmission, CallsRepository, type AdmissionRequest, type AdmissionResult } from '@app/calls';
import { PrismaService } from '@app/db';
import { WorkspacesRepository } from '@app/workspaces';
import { createAssistant, createWorkspace, startGateway } from '../support/gateway';
import { waitFor } from '../support/wait';

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

  it("runs call-slots.sql: the database's functions are the file's", async () => {
    const file = readFileSync(join(__dirname, '../../libs/calls/src/admission/call-slots.sql'), 'utf8');
    const bodies = [...file.matchAll(/CREATE FUNCTION "(\w+)"[\s\S]*?AS \$\$([\s\S]*?)\$\$;/g)];
    expect(bodies.map(([, name]) => name)).toEqual([
      'call_slot_free',
      'call_slot_release',
      'call_slot_moved',
      'call_slots_rebalance',
      'call_slots_follow_limits',
    ]);
    for (const [, name, body] of bodies) {
      const [{ prosrc }] = await app.get(PrismaService).$queryRaw<
        { prosrc: string }[]
      >`SELECT prosrc FROM pg_proc WHERE proname = ${name}`;
      expect(prosrc.trim()).toBe(body.trim());
    }
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

  const prisma = () => app.get(PrismaService);
  const heldSlots = (workspaceId: string) => prisma().callSlot.count({ where: { workspaceId, callId: { not: null } } });
  /** Ends a call as the engine's final transition does (the slot is freed by the same UPDATE). */
  const end = (id: string) =>
    prisma().call.update({ where: { id }, data: { status: 'completed', endedReason: 'customer-ended-call' } });
  const created = (r: AdmissionResult) => (r.kind === 'created' ? r.callId : null);

  it('does not wait for a workspace-mate whose admission has not committed', async () => {
    const request = await workspace(5, 0);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let inside!: () => void;
    const admitted = new Promise<void>((resolve) => (inside = resolve));
    // one admission inside a transaction left open
    const open = prisma().$transaction(
      async (tx) => {
        expect((await app.get(CallAdmission).admit({ source: 'api', ...request }, tx)).kind).toBe('created');
        inside();
        await held;
      },
      { timeout: 20_000 },
    );
    await admitted;
    const started = Date.now();
    const other = await app.get(CallAdmission).admit({ source: 'api', ...request });
    expect(other.kind).toBe('created');
    expect(Date.now() - started).toBeLessThan(2_000);
    release();
    await open;
    expect(await heldSlots(request.workspaceId)).toBe(2);
  });

  it("frees the slot with the call's final transition, and hands it to an inbound call past the limit", async () => {
    const request = await workspace(2, 0);
    const api = await admitMany(2, { source: 'api', ...request });
    const inbound = await app.get(CallAdmission).admit({ source: 'inbound', ...request, assistantId: null });
    expect(inbound.kind).toBe('created');
    expect(await heldSlots(request.workspaceId)).toBe(3);
    await end(created(api[0])!);
    // three live before, two now: still at the limit, so the API is refused
    expect(await app.get(CallAdmission).admit({ source: 'api', ...request })).toEqual({
      kind: 'limit-reached',
      limit: 2,
      live: 2,
    });
    const slots = await prisma().callSlot.findMany({
      where: { workspaceId: request.workspaceId, callId: { not: null } },
    });
    expect(slots.every((s) => s.slot >= 0 && s.slot < 2)).toBe(true);
    await end(created(api[1])!);
    expect((await app.get(CallAdmission).admit({ source: 'api', ...request })).kind).toBe('created');
  });

  it('a call handed another slot frees that one when it ends (the move written down, its row untouched)', async () => {
    const request = await workspace(1, 0);
    const [api] = (await admitMany(1, { source: 'api', ...request })).map(created);
    const inbound = created(await app.get(CallAdmission).admit({ source: 'inbound', ...request, assistantId: null }))!;
    await end(api!);
    // the inbound call moved from its overflow slot into slot 0
    expect(await prisma().callSlot.findMany({ where: { workspaceId: request.workspaceId } })).toEqual([
      { workspaceId: request.workspaceId, slot: 0, callId: inbound },
    ]);
    expect(await prisma().callSlotMove.findUnique({ where: { callId: inbound } })).toEqual({
      callId: inbound,
      slot: 0,
    });
    await end(inbound);
    expect(await heldSlots(request.workspaceId)).toBe(0);
    expect(await prisma().callSlotMove.count({ where: { callId: inbound } })).toBe(0);
    expect((await app.get(CallAdmission).admit({ source: 'api', ...request })).kind).toBe('created');
  });

  it('a call that ends while a hand-over is moving it frees the slot it was moved to', async () => {
    const request = await workspace(1, 0);
    const [api] = (await admitMany(1, { source: 'api', ...request })).map(created);
    const inbound = created(await app.get(CallAdmission).admit({ source: 'inbound', ...request, assistantId: null }))!;
    // the API call's final transition hands slot 0 to the inbound call, and is left uncommitted
    let commit!: () => void;
    const held = new Promise<void>((resolve) => (commit = resolve));
    let moved!: (backend: number) => void;
    const handedOver = new Promise<number>((resolve) => (moved = resolve));
    const handOver = prisma().$transaction(
      async (tx) => {
        const ended = { status: 'completed' as const, endedReason: 'customer-ended-call' };
        await tx.call.update({ where: { id: api! }, data: ended });
        const [{ pid }] = await tx.$queryRaw<{ pid: number }[]>`SELECT pg_backend_pid() AS pid`;
        moved(pid);
        await held;
      },
      { timeout: 20_000 },
    );
    const handOverBackend = await handedOver;
    // the inbound call ends meanwhile: its release waits for the overflow slot the hand-over took from it
    // (a Prisma query is lazy: it is sent when its promise is first chained, here by finally, not when made)
    let settled = false;
    const ending = end(inbound).finally(() => (settled = true));
    const waited = await waitFor('the release to wait for the hand-over, or to end', async () => {
      const [{ blocked }] = await prisma().$queryRaw<{ blocked: number }[]>`
        SELECT count(*)::int AS blocked FROM pg_stat_activity WHERE ${handOverBackend} = ANY(pg_blocking_pids(pid))`;
      return blocked > 0 ? 'waited' : settled && 'ended first';
    });
    commit();
    await handOver;
    await ending;
    expect(await prisma().callSlot.findMany({ where: { workspaceId: request.workspaceId } })).toEqual([
      { workspaceId: request.workspaceId, slot: 0, callId: null },
    ]);
    expect(await prisma().callSlotMove.count({ where: { callId: inbound } })).toBe(0);
    expect(waited).toBe('waited');
  });

  it('takes a limit changed at run time for the next admission, as counting live calls would', async () => {
    const request = await workspace(6, 0);
    const calls = (await admitMany(6, { source: 'api', ...request })).map(created);
    const limits = app.get(WorkspacesRepository);
    await limits.setLimits(request.workspaceId, { liveCallLimit: 3 });
    // 6 live, limit 3: refused until fewer than 3 are live
    for (const id of calls.slice(0, 3)) await end(id!);
    expect((await app.get(CallAdmission).admit({ source: 'api', ...request })).kind).toBe('limit-reached');
    await end(calls[3]!);
    expect((await app.get(CallAdmission).admit({ source: 'api', ...request })).kind).toBe('created');
    expect((await app.get(CallAdmission).admit({ source: 'api', ...request })).kind).toBe('limit-reached');
    // raised: room at once; with a reserve of 2 a campaign stops 2 short of the limit
    await limits.setLimits(request.workspaceId, { liveCallLimit: 8, reservedForInbound: 2 });
    const campaign = await admitMany(6, { source: 'campaign', ...request });
    expect(campaign.filter((r) => r.kind === 'created')).toHaveLength(3);
    expect(await heldSlots(request.workspaceId)).toBe(6);
    expect((await admitMany(3, { source: 'api', ...request })).filter((r) => r.kind === 'created')).toHaveLength(2);
  });

  it('a call the lowered limit moved down frees its new slot when it ends', async () => {
    const request = await workspace(4, 0);
    const calls: string[] = [];
    for (let i = 0; i < 4; i++) calls.push(created(await app.get(CallAdmission).admit({ source: 'api', ...request }))!);
    // slots 3, 2, 1, 0 in turn; the two lowest freed, then the limit lowered to 2: the rebalance moves both down
    await end(calls[3]);
    await end(calls[2]);
    await app.get(WorkspacesRepository).setLimits(request.workspaceId, { liveCallLimit: 2 });
    const slots = await prisma().callSlot.findMany({
      where: { workspaceId: request.workspaceId },
      orderBy: { slot: 'asc' },
    });
    expect(slots.map((s) => s.slot)).toEqual([0, 1]);
    expect(new Set(slots.map((s) => s.callId))).toEqual(new Set([calls[0], calls[1]]));
    expect(await prisma().callSlotMove.count({ where: { callId: { in: [calls[0], calls[1]] } } })).toBe(2);
    await end(calls[0]);
    expect(await heldSlots(request.workspaceId)).toBe(1);
    expect(await prisma().callSlotMove.count({ where: { callId: calls[0] } })).toBe(0);
    expect((await app.get(CallAdmission).admit({ source: 'api', ...request })).kind).toBe('created');
    expect((await app.get(CallAdmission).admit({ source: 'api', ...request })).kind).toBe('limit-reached');
  });

  it('finds a slot freed above the last one it claimed (claims look below their last claim first)', async () => {
    const request = await workspace(4, 0);
    const calls: string[] = [];
    for (let i = 0; i < 4; i++) calls.push(created(await app.get(CallAdmission).admit({ source: 'api', ...request }))!);
    const slotOf = async (callId: string) => (await prisma().callSlot.findFirst({ where: { callId } }))!.slot;
    // one at a time, each below the last: the last claim holds slot 0, the first the top one
    expect(await Promise.all(calls.map(slotOf))).toEqual([3, 2, 1, 0]);
    await end(calls[0]);
    const again = await app.get(CallAdmission).admit({ source: 'api', ...request });
    expect(await slotOf(created(again)!)).toBe(3);
    expect((await app.get(CallAdmission).admit({ source: 'api', ...request })).kind).toBe('limit-reached');
  });

  it("the reconciler's safety net frees a slot held by a call that has ended", async () => {
    const request = await workspace(2, 0);
    const [first] = (await admitMany(1, { source: 'api', ...request })).map(created);
    await end(first!);
    // as if something had ended the call without its trigger: the slot still names it
    await prisma().$executeRaw`UPDATE "CallSlot" SET "callId" = ${first} WHERE "workspaceId" = ${request.workspaceId}
                               AND slot = 1`;
    expect(await heldSlots(request.workspaceId)).toBe(1);
    expect(await app.get(CallsRepository).releaseStraySlots()).toBeGreaterThanOrEqual(1);
    expect(await heldSlots(request.workspaceId)).toBe(0);
  });
});
