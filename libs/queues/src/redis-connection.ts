import type { ConnectionOptions } from 'bullmq';

/** BullMQ connection options from REDIS_URL (redis:// or rediss://). */
export function bullConnection(url: string): ConnectionOptions {
  // Workers block on Redis; they must wait for it through outages, never fail a command.
  return { url, maxRetriesPerRequest: null };
}
