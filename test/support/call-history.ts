import { PrismaService } from '@app/db';
import { deliveryIdFor, newId } from '@app/platform';

const DAY_MS = 86_400_000;
const STATUSES = ['ringing', 'in_progress', 'completed', 'failed', 'no_answer'] as const;

/**
 * Writes a workspace's call history straight into the tables: calls over the last 20 days in every
 * status (some connected, with durations), transcripts whose assistant turns carry latencies, and
 * webhook deliveries that failed or succeeded. The live ones (ringing, in progress) are recent: an
 * engine running beside the suite takes them and ends them like any simulated call.
 */
export async function seedCallHistory(
  prisma: PrismaService,
  ws: { workspaceId: string; assistantId: string; webhookId: string },
  now = Date.now(),
): Promise<void> {
  const calls = [];
  const transcripts = [];
  for (const [n, daysAgo] of [0, 0, 0, 1, 1, 2, 3, 3, 3, 3, 6, 9, 13, 14, 20].entries()) {
    const status = STATUSES[n % STATUSES.length];
    const ended = status !== 'ringing' && status !== 'in_progress';
    // a live call started moments ago (an engine beside the suite plays it out); the rest spread over the days
    const createdAt = new Date(ended ? now - daysAgo * DAY_MS - ((n * 37) % 600) * 60_000 : now - 30_000 - n * 1000);
    const connected = status === 'in_progress' || status === 'completed' || (status === 'failed' && n % 2 === 0);
    const id = newId('call');
    calls.push({
      id,
      workspaceId: ws.workspaceId,
      assistantId: ws.assistantId,
      to: `+1415555${String(1000 + n)}`,
      status,
      language: 'en',
      connectedAt: connected ? new Date(createdAt.getTime() + 5000) : null,
      endedAt: ended ? new Date(createdAt.getTime() + 60_000) : null,
      durationSec: connected && ended ? 5 + ((n * 13) % 90) : null,
      endedReason: ended ? (status === 'completed' ? 'customer-ended-call' : 'no-answer') : null,
      // an ended call's media is there: an engine beside the suite has nothing to render for it
      transcriptReady: connected && ended,
      recordingReady: connected && ended,
      createdAt,
    });
    if (connected && ended) {
      const turns = [0, 1, 2].map((t) => ({
        role: t % 2 === 0 ? 'assistant' : 'customer',
        text: 'hello',
        startSec: t,
        endSec: t + 1,
        ...(t > 0 && t % 2 === 0 ? { latencyMs: 400 + ((n * 97) % 900) } : {}),
      }));
      transcripts.push({
        id: newId('transcript'),
        workspaceId: ws.workspaceId,
        callId: id,
        language: 'en',
        turns,
        text: '',
      });
    }
  }
  await prisma.call.createMany({ data: calls });
  await prisma.transcript.createMany({ data: transcripts });
  for (const [n, status] of (['failed', 'failed', 'succeeded', 'failed'] as const).entries()) {
    const event = await prisma.callEvent.create({
      data: {
        id: newId('event'),
        workspaceId: ws.workspaceId,
        callId: calls[n].id,
        type: 'call.completed',
        sequence: 1,
        data: {},
        publishedAt: new Date(),
        fannedOutAt: new Date(),
      },
    });
    await prisma.webhookDelivery.create({
      data: {
        id: deliveryIdFor(event.id, ws.webhookId),
        workspaceId: ws.workspaceId,
        webhookId: ws.webhookId,
        eventId: event.id,
        event: 'call.completed',
        status,
        attemptCount: 1,
        attemptLimit: 1,
      },
    });
  }
}

const percentile = (sorted: number[], p: number) => (sorted.length ? sorted[Math.ceil(p * sorted.length) - 1] : null);

/** The overview's figures worked out here from the rows, independently of the service's SQL. */
export async function overviewFromRows(prisma: PrismaService, workspaceId: string, days: number, now = Date.now()) {
  const to = Math.floor(now / DAY_MS) * DAY_MS + DAY_MS;
  const from = to - days * DAY_MS;
  const inWindow = { workspaceId, createdAt: { gte: new Date(from), lt: new Date(to) } };
  const rows = await prisma.call.findMany({ where: inWindow, include: { transcript: true } });
  const apiStatus = (s: string) => s.replace('_', '-');
  const byStatus: Record<string, number> = { ringing: 0, 'in-progress': 0, completed: 0, failed: 0, 'no-answer': 0 };
  rows.forEach((r) => byStatus[apiStatus(r.status)]++);
  const answered = rows.filter((r) => r.connectedAt).length;
  const pastRinging = rows.length - byStatus.ringing;
  const durations = rows
    .filter((r) => r.connectedAt && r.durationSec !== null)
    .map((r) => r.durationSec!)
    .sort((a, b) => a - b);
  const latencies = rows
    .flatMap((r) => (r.transcript?.turns ?? []) as { role: string; latencyMs?: number }[])
    .filter((t) => t.role === 'assistant' && typeof t.latencyMs === 'number')
    .map((t) => t.latencyMs!)
    .sort((a, b) => a - b);
  const perDay = Array.from({ length: days }, (_, n) => {
    const date = new Date(from + n * DAY_MS).toISOString().slice(0, 10);
    const onDay = rows.filter((r) => r.createdAt.toISOString().slice(0, 10) === date);
    return { date, total: onDay.length };
  });
  const failed = await prisma.webhookDelivery.count({
    where: { ...inWindow, status: 'failed', event: { not: 'webhook.test' } },
  });
  const live = await prisma.call.count({ where: { workspaceId, status: { in: ['ringing', 'in_progress'] } } });
  const average = durations.length ? durations.reduce((a, b) => a + b, 0) / durations.length : null;
  return {
    calls: {
      total: rows.length,
      byStatus,
      answered,
      answerRate: pastRinging ? Math.round((answered / pastRinging) * 1000) / 1000 : null,
    },
    perDay,
    durationSec: { average: average === null ? null : Math.round(average * 10) / 10, p95: percentile(durations, 0.95) },
    voiceToVoiceMs: { turns: latencies.length, p50: percentile(latencies, 0.5), p95: percentile(latencies, 0.95) },
    deliveries: { failed },
    liveCalls: live,
  };
}
