/** BullMQ's highest priority number (lowest urgency). */
const MAX_PRIORITY = 2 ** 21 - 1;

/**
 * Priorities that keep one busy tenant from delaying the others on a shared queue. A job's
 * priority number is how many jobs its tenant (workspace, webhook) has enqueued through this
 * process in the current second: a quiet tenant's job is near the front however long a burst of
 * another tenant's jobs is. Approximate by design (each process counts its own), ordering only:
 * nothing is ever dropped. Ordering between one tenant's own jobs is not promised (spec 4.8).
 */
export class FairShare {
  private second = 0;
  private counts = new Map<string, number>();

  priority(tenant: string, now = Date.now()): number {
    const second = Math.floor(now / 1000);
    if (second !== this.second) {
      this.second = second;
      this.counts = new Map();
    }
    const n = (this.counts.get(tenant) ?? 0) + 1;
    this.counts.set(tenant, n);
    return Math.min(n, MAX_PRIORITY);
  }
}
