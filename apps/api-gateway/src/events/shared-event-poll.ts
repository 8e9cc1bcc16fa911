import { Injectable } from '@nestjs/common';
import { EventsRepository } from '@app/calls';
import { idAtTime } from '@app/platform';
import type { CallEvent } from '@app/db';

const POLL_MS = 250;
const BATCH = 500;

/** A live stream's share of the poll: the events of its workspace, in id order. */
export interface EventSubscriber {
  workspaceId: string;
  deliver(event: CallEvent): void;
}

/**
 * One poll of the database for every live event stream of this gateway: each tick reads the new
 * events of all subscribed workspaces at once and hands each to its workspace's streams, so a
 * thousand open streams cost one query per tick, not a thousand. The head moves like a stream's
 * cursor (in id order, only over settled events); a stream catches up on its own first, then
 * drops what it already wrote.
 */
@Injectable()
export class SharedEventPoll {
  private readonly subscribers = new Set<EventSubscriber>();
  private running?: Promise<void>;
  private wake: () => void = () => undefined;

  constructor(private readonly events: EventsRepository) {}

  subscribe(subscriber: EventSubscriber, settleMs: number): () => void {
    this.subscribers.add(subscriber);
    this.running ??= this.loop(settleMs).finally(() => (this.running = undefined));
    return () => {
      this.subscribers.delete(subscriber);
      if (this.subscribers.size === 0) this.wake();
    };
  }

  private async loop(settleMs: number): Promise<void> {
    let head = idAtTime('event', Date.now() - settleMs);
    while (this.subscribers.size > 0) {
      let batch: CallEvent[] = [];
      try {
        const workspaces = [...new Set([...this.subscribers].map((s) => s.workspaceId))];
        batch = await this.events.next(
          workspaces,
          { after: head, settledBefore: new Date(Date.now() - settleMs) },
          BATCH,
        );
      } catch {
        // the database is away: try again next tick (streams keep their cursors)
      }
      for (const event of batch) {
        for (const s of this.subscribers) if (s.workspaceId === event.workspaceId) s.deliver(event);
        head = event.id;
      }
      if (batch.length < BATCH) {
        await new Promise<void>((resolve) => {
          this.wake = resolve;
          setTimeout(resolve, POLL_MS).unref();
        });
      }
    }
  }
}
