/** BullMQ's highest priority number (lowest urgency). */
const MAX_PRIORITY = 2 ** 21 - 1;
/** Tags count in steps of 100 ms. */
const STEP_MS = 100;
/** A tenant's jobs share a step this many at a time: its fair share is 100 jobs/s before it is spread out. */
const PER_STEP = 10;
/** Priorities count from the start of the current two-day era (1,728,000 steps, below MAX_PRIORITY). */
const ERA_STEPS = (2 * 24 * 3600 * 1000) / STEP_MS;

/**
 * Priorities that keep one busy tenant from delaying the others on a shared queue, while each
 * tenant's own jobs are served oldest first (start-time fair queuing over BullMQ priorities). A
 * job's tag is the current 100 ms step, unless its tenant already has PER_STEP jobs tagged there
 * or later: then it follows them. A burst is spread over later steps, so a quiet tenant's job
 * (tagged now) goes ahead of all but PER_STEP of it; a tenant's tags never go back, and BullMQ
 * serves equal priorities first-in-first-out, so its backlog is served in order. Work-conserving:
 * priorities only order, a lone tenant's burst runs at full speed. Approximate by design (each
 * process tags its own jobs); the priority is the tag counted from the start of a two-day era, so
 * a backlog still waiting when an era turns is overtaken by the new era's jobs once (README
 * "Webhook delivery").
 */
export class FairShare {
  private tags = new Map<string, { step: number; count: number }>();
  private sweptAt = 0;

  priority(tenant: string, now = Date.now()): number {
    const current = Math.floor(now / STEP_MS);
    const last = this.tags.get(tenant);
    let tag = { step: current, count: 1 };
    if (last && last.step >= current)
      tag = last.count < PER_STEP ? { step: last.step, count: last.count + 1 } : { step: last.step + 1, count: 1 };
    this.tags.set(tenant, tag);
    this.sweep(current);
    const eraStart = Math.floor(current / ERA_STEPS) * ERA_STEPS;
    return Math.min(MAX_PRIORITY, tag.step - eraStart + 1);
  }

  /** Forgets, once a second, the tenants whose tags are in the past (they start afresh at now). */
  private sweep(current: number): void {
    if (current - this.sweptAt < 10) return;
    this.sweptAt = current;
    for (const [tenant, tag] of this.tags) if (tag.step < current) this.tags.delete(tenant);
  }
}
