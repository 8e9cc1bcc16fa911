// What the SIP benchmarks share: a fresh database, a gateway and an engine process with SIP on
// 127.0.0.1 (peers on 127.0.0.2), an admin key, the API and the engine's /metrics.
'use strict';
const { createSocket } = require('node:dgram');
const { createServer } = require('node:net');
const { mkdtempSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');
const { Client } = require('pg');
const { app, benchEnv, cli, dropKeys, freePort, freshDatabase, kill, startProcess } = require('./lib');

const PEER = '127.0.0.2';

/** A free even UDP port (RTP takes even ports) on the address, free for TCP too. */
async function freeUdpPort(address) {
  for (;;) {
    const port = await new Promise((resolve) => {
      const s = createSocket('udp4');
      s.bind(0, address, () => {
        const { port: p } = s.address();
        s.close(() => resolve(p));
      });
    });
    if (port % 2 === 0 && (await tcpFree(port, address))) return port;
  }
}

/** SIP also listens on TCP at its port: a UDP port is only taken if TCP is free there too. */
function tcpFree(port, address) {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, address, () => server.close(() => resolve(true)));
  });
}

async function startSipStack(name, { rtpPorts, env: extra = {} }) {
  const rtp = await freeUdpPort('127.0.0.1');
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
  const ws = cli(env, 'workspace', 'create', 'bench');
  cli(env, 'workspace', 'limits', ws, '--live-calls', '1000');
  const key = cli(env, 'key', 'create', '--workspace', ws, '--name', 'bench', '--role', 'admin');
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
