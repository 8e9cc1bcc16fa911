import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { AppConfig } from '@app/platform';

/** Docker is not available here: the compose file and Dockerfile are checked for consistency instead. */
const root = join(__dirname, '..', '..');
const compose = parse(readFileSync(join(root, 'docker-compose.yml'), 'utf8'), { merge: true });
const dockerfile = readFileSync(join(root, 'Dockerfile'), 'utf8');

describe('docker-compose.yml', () => {
  const services = compose.services as Record<
    string,
    {
      command?: string[];
      environment?: Record<string, string>;
      ports?: string[];
      healthcheck?: object;
      depends_on?: object;
      build?: string;
      profiles?: string[];
    }
  >;

  it('runs postgres, redis (or, with --profile cluster, a three-master Redis Cluster), migrate and the apps', () => {
    expect(Object.keys(services).sort()).toEqual([
      'api-gateway',
      'call-engine',
      'migrate',
      'postgres',
      'redis',
      'redis-cluster-init',
      'redis-node-1',
      'redis-node-2',
      'redis-node-3',
      'sip-proxy',
      'webhook-dispatcher',
    ]);
    expect(services['sip-proxy']).toMatchObject({ profiles: ['sip'], build: 'ops/kamailio' });
    for (const node of ['redis-node-1', 'redis-node-2', 'redis-node-3']) {
      expect(services[node]).toMatchObject({ profiles: ['cluster'] });
      expect(services[node].command).toEqual(expect.arrayContaining(['--cluster-enabled', 'yes']));
    }
    expect(String(services['redis-cluster-init'].command)).toContain('--cluster create');
    expect(services.migrate.command).toEqual(['node', 'dist/apps/cli/src/main.js', 'migrate']);
  });

  it.each(['api-gateway', 'call-engine', 'webhook-dispatcher'])(
    '%s starts its own built entry point, waits for migrate and has a health check',
    (name) => {
      const svc = services[name];
      expect(svc.command).toEqual(['node', `dist/apps/${name}/src/main.js`]);
      expect(existsSync(join(root, 'apps', name, 'src', 'main.ts'))).toBe(true);
      expect(svc.depends_on).toMatchObject({ migrate: { condition: 'service_completed_successfully' } });
      expect(JSON.stringify(svc.healthcheck)).toContain('/health/ready');
    },
  );

  it('only sets configuration the apps know', () => {
    const known = new Set([
      ...Object.keys(new AppConfig()),
      'ENCRYPTION_KEY',
      'BULL_BOARD_USER',
      'BULL_BOARD_PASSWORD',
    ]);
    for (const [name, svc] of Object.entries(services)) {
      if (name === 'postgres' || name.startsWith('redis')) continue;
      for (const key of Object.keys(svc.environment ?? {}))
        expect({ service: name, key, known: known.has(key) }).toEqual({ service: name, key, known: true });
    }
  });

  it('lets every app scale (no fixed single host port) and serves Bull Board from the gateway', () => {
    expect(services['webhook-dispatcher'].ports).toBeUndefined();
    expect(services['call-engine'].ports).toBeUndefined();
    expect(services['api-gateway'].ports).toEqual(['3000-3003:3000']);
    expect(Object.keys(services['api-gateway'].environment ?? {})).toEqual(
      expect.arrayContaining(['BULL_BOARD_USER', 'BULL_BOARD_PASSWORD']),
    );
  });

  it('has a multi-stage Dockerfile building what compose runs', () => {
    expect(dockerfile.match(/^FROM /gm)).toHaveLength(2);
    expect(dockerfile).toContain('npm run build');
    expect(dockerfile).toContain('npm run prisma:generate');
  });
});
