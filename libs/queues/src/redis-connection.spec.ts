import { Cluster } from 'ioredis';
import { bullConnection, closeBullConnections } from './redis-connection';

describe('BullMQ connections', () => {
  const single = { REDIS_URL: 'redis://127.0.0.1:6379', REDIS_CLUSTER_NODES: undefined };

  it("pipelines a producer's commands and never a worker's, whose blocking commands would hold them back", () => {
    expect(bullConnection(single, 'producer')).toMatchObject({
      enableAutoPipelining: true,
      maxRetriesPerRequest: null,
    });
    expect(bullConnection(single, 'worker')).toMatchObject({ enableAutoPipelining: false, maxRetriesPerRequest: null });
  });

  it('gives a cluster client the same choice', () => {
    // port 1: nothing listens, and the clients are closed before they could reach a node
    const cluster = { ...single, REDIS_CLUSTER_NODES: '127.0.0.1:1' };
    const producer = bullConnection(cluster, 'producer') as Cluster;
    const worker = bullConnection(cluster, 'worker') as Cluster;
    try {
      expect(producer.options.enableAutoPipelining).toBe(true);
      expect(worker.options.enableAutoPipelining).toBe(false);
    } finally {
      closeBullConnections([producer, worker]);
    }
  });
});
