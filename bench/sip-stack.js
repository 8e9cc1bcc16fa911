// What the SIP benchmarks share: a fresh database, a gateway and an engine process with SIP on
// 127.0.0.1 (peers on 127.0.0.2), an admin key, the API and the engine's /metrics.
'use strict';
const { mkdtempSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');
const { Client } = require('pg');
const { PEER_ADDRESS: PEER, freeUdpPort } = require('../test/support/free-ports');
const { app, benchEnv, benchWorkspace, dropKeys, freePort, freshDatabase, kill, startProcess } = require('./lib');

async function startSipStack(name, { rtpPorts, env: extra = {} }) {
  // the engine's RTP range: every port of it free and kept from later picks (free-ports.js)
  const rtp = await freeUdpPort('127.0.0.1', rtpPorts + 2);
  const env = {
    ...benchEnv(name),
    METRICS_TOKEN: 'bench-metrics',
    SIP_ADDRESS: '127.0.0.1',
    SIP_PORT: String(await freeUdpPort('127.0.0.1')),
    RTP_PORT_MIN: String(rtp),
    RTP_PORT_MAX: String(rtp + rtpPorts),
    RECORDINGS_DIR: mkdtempSync(join(tmpdir(), 'bench-recordings-')),
    ...extra,
  };
  await freshDatabase(env);
  const { key } = await benchWorkspace(env, 'bench', { liveCalls: 1000 });
  const gwPort = await freePort();
  const gateway = await startProcess(app('api-gateway'), { ...env, PORT: String(gwPort) }, gwPort);
  const enginePort = await freePort();
  const engine = await startProcess(app('call-engine'), { ...env, ENGINE_PORT: String(enginePort) }, enginePort);
  const db = new Client({ connectionString: env.DATABASE_URL });
  await db.connect();
  const api = (method, path, body) =>
    fetch(`http://127.0.0.1:${gwPort}/api/core${path}`, {
      method,
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    }).then((r) => r.json());
  const metrics = () =>
    fetch(`http://127.0.0.1:${enginePort}/metrics`, { headers: { authorization: 'Bearer bench-metrics' } }).then((r) =>
      r.text(),
    );
  const stop = async () => {
    await db.end();
    await kill(engine);
    await kill(gateway);
    await dropKeys(env);
  };
  return { env, engine, db, api, metrics, stop };
}

module.exports = { PEER, freeUdpPort, startSipStack };
