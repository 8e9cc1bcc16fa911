// Free local ports for the SIP suites and the SIP benchmarks: one rule for both (plain CommonJS so
// bench/ can require it; free-ports.d.ts gives the suites its types).
'use strict';
const { createSocket } = require('node:dgram');
const { createServer } = require('node:net');
const { existsSync, readFileSync } = require('node:fs');

/**
 * Where ports are picked: below the kernel's ephemeral range (32768-60999 here), which a port from bind(0)
 * falls in, so no outgoing connection (to PostgreSQL, Redis, a receiver) can take one between the pick and the
 * engine's listen (a SIP suite failed on "listen EADDRINUSE" for its engine's SIP port over TCP, 2026-11-29).
 */
const TEST_PORTS = { from: 20_000, to: 32_000 };

/** The peers (sipp, baresip) listen on this loopback address; the engine on 127.0.0.1 (npm `sip`
 * answers 404 itself to a request for its own address). */
const PEER_ADDRESS = '127.0.0.2';

// The ranges this process handed out: a peer binds some of its ports only when a call starts (baresip's and the
// engine's RTP), so a later pick must not fall in a range that is free now but promised. A sipp caller once failed
// to start: its video RTP port, two above the one picked (only that one and the next were checked), was taken
// (2026-11-29).
const handedOut = [];

/**
 * The sockets the kernel lists on a local port in /proc/net tables (tcp, tcp6, udp): each one's
 * state ('0A' is a TCP LISTEN) and inode. Read, not probed: binding to test a port could take it.
 */
function socketsOnPort(tables, port) {
  const hex = port.toString(16).toUpperCase().padStart(4, '0');
  return tables
    .flatMap((table) => (existsSync(table) ? readFileSync(table, 'utf8').split('\n').slice(1) : []))
    .map((line) => line.trim().split(/\s+/))
    .filter((cols) => cols[1]?.endsWith(`:${hex}`))
    .map((cols) => ({ state: cols[3], inode: cols[9] }));
}

/**
 * The first of `span` UDP ports nobody holds on the address (the peers' unless named; at least two: RTP uses pairs),
 * none of them in a range handed out before in this process. The first is free over TCP too (SIP listens on both).
 */
async function freeUdpPort(address = PEER_ADDRESS, span = 2) {
  for (;;) {
    // even: RTCP takes the port after an RTP port, and it must be free too
    const port = TEST_PORTS.from + 2 * Math.floor((Math.random() * (TEST_PORTS.to - span - TEST_PORTS.from)) / 2);
    if (handedOut.some((r) => port < r.to && r.from < port + span)) continue;
    const bound = await new Promise((resolve) => {
      const s = createSocket('udp4');
      s.once('error', () => resolve(false));
      s.bind(port, address, () => s.close(() => resolve(true)));
    });
    const rest = Array.from({ length: span - 1 }, (_, i) => port + 1 + i);
    if (bound && !rest.some(udpTaken) && (await tcpFree(port, address))) {
      handedOut.push({ from: port, to: port + span });
      return port;
    }
  }
}

/** Whether a socket is bound to the UDP port (read from /proc/net/udp: probing with a bind could take it from sipp). */
function udpTaken(port) {
  return socketsOnPort(['/proc/net/udp'], port).length > 0;
}

/** SIP also listens on TCP at its port: a UDP port is only taken if TCP is free there too. */
function tcpFree(port, address) {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, address, () => server.close(() => resolve(true)));
  });
}

module.exports = { PEER_ADDRESS, freeUdpPort, socketsOnPort, udpTaken };
