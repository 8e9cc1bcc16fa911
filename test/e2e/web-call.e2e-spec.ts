import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import AxeBuilder from '@axe-core/playwright';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import WebSocket from 'ws';
import { Speech } from '../../apps/call-engine/src/media/speech';
import { monoWav } from '../../apps/call-engine/src/media/wav';
import { useFastDelivery } from '../support/engine';
import { isolateSuite, waitFor } from '../support/isolation';
import { spawnApp, type AppProcess } from '../support/processes';
import { Receiver } from '../support/receiver';

const RATE = 8000;
// A screenshot of the talk panel, beside the console suite's (git-ignored).
const ARTEFACTS = join(__dirname, '../artifacts/console');
const PASSWORD = 'a long enough password';

/** How a WebSocket upgrade was answered: 101 (open) or the refusal's status and body. */
function upgrade(url: string, headers: Record<string, string>): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { headers });
    ws.on('open', () => {
      ws.close();
      resolve({ status: 101, body: null });
    });
    ws.on('unexpected-response', (_req, res) => {
      let text = '';
      res.on('data', (c: Buffer) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text || 'null') }));
    });
    ws.on('error', (e) => reject(e));
  });
}

/**
 * Issue 28 acceptance 3: talking to an assistant from the browser. Chromium's fake microphone plays
 * a WAV of a person's answer into a web call (a WebSocket carrying RTP into the same conversation
 * runtime as SIP calls); the page hears the assistant, the call is direction web with its transcript
 * (the recognised answer), recording and webhooks; a viewer has no Talk control and the socket
 * answers them 403.
 */
describe('web calls: talking to an assistant from the browser', () => {
  let cleanup: () => Promise<void>;
  let gateway: AppProcess, engine: AppProcess, dispatcher: AppProcess;
  let receiver: Receiver;
  let browser: Browser;
  let owner: BrowserContext;
  let base: string;
  let wsBase: string;
  let ownerKey: string;
  let agentId: string;
  let workspaceId: string;

  const call = async (key: string, method: string, path: string, body?: unknown) => {
    const res = await fetch(`${base}/api/core${path}`, {
      method,
      headers: { Authorization: `Bearer ${key}`, ...(body ? { 'Content-Type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- an API answer, read as the test needs
    return { status: res.status, body: (res.status === 204 ? null : await res.json()) as any };
  };

  /**
   * A person's answer 6 s after the microphone opens, then silence, again every 14 s: the file plays from
   * when the page opens the microphone, not from when the call connects, which a loaded machine can
   * delay past the first answer (it did in CI: the answer went unheard and the test timed out).
   */
  async function microphoneWav(): Promise<string> {
    const samples = new Int16Array(RATE * 14);
    samples.set((await new Speech().speak('Yes, I am here.', 'en', 'flite:awb'))!, RATE * 6);
    const file = join(mkdtempSync(join(tmpdir(), 'microphone-')), 'answer.wav');
    writeFileSync(file, monoWav(samples));
    return file;
  }

  beforeAll(async () => {
    cleanup = await isolateSuite('web_call');
    useFastDelivery();
    const env = { SESSION_COOKIE_SECURE: 'false', RECORDINGS_DIR: mkdtempSync(join(tmpdir(), 'recordings-')) };
    engine = await spawnApp('call-engine', env);
    [gateway, dispatcher] = await Promise.all([
      // a tight start-call rate limit, which web calls count against too (the last test)
      spawnApp('api-gateway', { ...env, ENGINE_URL: `http://127.0.0.1:${engine.port}`, RATE_LIMIT_START_CALLS: '4' }),
      spawnApp('webhook-dispatcher', env),
    ]);
    base = `http://127.0.0.1:${gateway.port}`;
    wsBase = `ws://127.0.0.1:${gateway.port}/api/core/voice/web-call`;
    receiver = await Receiver.http();
    mkdirSync(ARTEFACTS, { recursive: true });
    browser = await chromium.launch({
      executablePath: '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--no-first-run',
        '--disable-background-networking',
        '--autoplay-policy=no-user-gesture-required',
        '--use-fake-device-for-media-stream',
        '--use-fake-ui-for-media-stream',
        `--use-file-for-fake-audio-capture=${await microphoneWav()}`,
      ],
    });
    owner = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await owner.grantPermissions(['microphone'], { origin: base });
    const email = `web-call-${Date.now()}@example.com`;
    const signup = await owner.request.post(`${base}/api/core/auth/signup`, {
      data: { name: 'Web Owner', workspaceName: `web-call-${Date.now()}`, email, password: PASSWORD },
    });
    expect(signup.status()).toBe(201);
    const { csrfToken } = await signup.json();
    const key = await owner.request.post(`${base}/api/core/api-key`, {
      data: { name: 'setup', role: 'admin' },
      headers: { 'X-CSRF-Token': csrfToken },
    });
    expect([key.status(), await key.text()]).toEqual([201, expect.stringContaining('"key":"vk_')]);
    ownerKey = (await key.json()).key;
    const assistant = await call(ownerKey, 'POST', '/voice/agent', {
      name: 'Browser assistant',
      firstMessage: 'Hello from your assistant. Are you there?',
      script: [{ hear: 'Yes, I am here.' }, { say: 'Great, thank you. Goodbye.' }, { hangup: 'assistant' }],
      // the hear step waits for the answer's next repetition if it missed one
      listening: { noSpeechTimeoutMs: 30_000 },
    });
    expect(assistant.status).toBe(201);
    agentId = assistant.body.agentId;
    const hook = await call(ownerKey, 'POST', '/webhook', {
      url: `${receiver.url}/web-calls`,
      events: ['call.started', 'call.completed'],
    });
    expect(hook.status).toBe(201);
    const db = new Client({ connectionString: process.env.DATABASE_URL });
    await db.connect();
    const [row] = (await db.query('SELECT "workspaceId" FROM "Assistant" WHERE id = $1', [agentId])).rows;
    workspaceId = row.workspaceId;
    await db.end();
  });
  afterAll(async () => {
    await browser?.close();
    await receiver?.close();
    await Promise.all([gateway, engine, dispatcher].map((a) => a?.kill()));
    await cleanup?.();
  });

  it('the owner talks to the assistant: it is heard, the answer is recognised, the call is a web call', async () => {
    const page = await owner.newPage();
    await page.goto(`${base}/#/assistants`);
    const article = page.getByRole('article', { name: 'Assistant Browser assistant' });
    await article.getByRole('button', { name: 'Talk' }).click();
    const panel = article.getByRole('region', { name: 'Talking to Browser assistant' });
    await panel.getByRole('status').filter({ hasText: 'Connected' }).waitFor({ timeout: 15_000 });
    // the assistant's greeting reaches the page's speaker: audio energy in the page
    await waitFor(
      'the assistant heard in the page',
      async () => Number(await panel.locator('meter').getAttribute('data-peak')) > 0.02,
      15_000,
    );
    // the talk panel passes axe in both colour schemes (the page's other parts: the console suite)
    for (const colorScheme of ['dark', 'light'] as const) {
      await page.emulateMedia({ colorScheme });
      const axe = await new AxeBuilder({ page })
        .include('[aria-label="Talking to Browser assistant"]')
        .options({ resultTypes: ['violations'] }) // the passes are never read: axe skips gathering them
        .analyze();
      const found = axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
      expect({ colorScheme, found }).toEqual({ colorScheme, found: [] });
      await page.screenshot({ path: join(ARTEFACTS, `assistant-talking-1280-${colorScheme}.png`), fullPage: true });
    }
    const callId = (await panel.getByRole('link', { name: 'Open the call' }).getAttribute('href'))!.split('/')[2];
    // the live transcript has the greeting, then the recognised answer, while the call is in progress
    const heard = await waitFor(
      'the answer in the live transcript',
      async () => {
        const now = (await call(ownerKey, 'GET', `/voice/call/${callId}/transcript/live`)).body;
        const texts = now.turns.map((t: { role: string; text: string | null }) => `${t.role}: ${t.text}`);
        return texts.includes('customer: yes i am here') ? now : null;
      },
      30_000,
      100,
    );
    expect(heard.status).toBe('in-progress');
    expect(heard.turns[0]).toMatchObject({ role: 'assistant', text: 'Hello from your assistant. Are you there?' });
    // the person's answer is heard and recognised; the script says goodbye and hangs up
    await panel.getByRole('status').filter({ hasText: 'The call ended.' }).waitFor({ timeout: 40_000 });
    await panel.getByRole('link', { name: 'Open the call' }).click();

    const ended = await waitFor(
      'the web call with its media',
      async () => {
        const res = await call(ownerKey, 'GET', `/voice/call/${callId}`);
        return res.body.recordingReady && res.body.transcriptReady ? res.body : null;
      },
      30_000,
    );
    expect(ended).toMatchObject({ direction: 'web', status: 'completed', endedReason: 'assistant-ended-call' });
    const { turns } = (await call(ownerKey, 'GET', `/voice/call/${callId}/transcript`)).body;
    const said = turns.map((t: { role: string; text: string | null }) => `${t.role}: ${t.text}`);
    expect(said[0]).toBe('assistant: Hello from your assistant. Are you there?');
    expect(said).toContain('customer: yes i am here');
    expect(said).toContain('assistant: Great, thank you. Goodbye.');
    const answer = turns.find((t: { role: string; latencyMs?: number }) => t.role === 'assistant' && t.latencyMs);
    expect(answer.latencyMs).toBeGreaterThan(0);
    // the transcript in the call's page shows the recognised turn
    await page.getByText('yes i am here').waitFor();
    // the list shows it as a web call
    const listed = await call(ownerKey, 'GET', '/voice/call/list?direction=web');
    expect(listed.body.list.map((c: { callId: string }) => c.callId)).toEqual([callId]);
    // webhooks like any call's, with direction web
    // one arrival per deliveryId, as a receiver de-duplicates (README): an answer past the suite's 500 ms webhook
    // timeout on a loaded machine gets a retry of the same delivery
    const hooks = await waitFor('both webhooks', async () => {
      const mine = Receiver.onePerDelivery(receiver.forCalls([callId]));
      return mine.length >= 2 ? mine : null;
    });
    expect(hooks.map((h) => [h.json.event, h.json.data.direction]).sort()).toEqual([
      ['call.completed', 'web'],
      ['call.started', 'web'],
    ]);
    await page.close();
  });

  it('a viewer sees no Talk control, and the socket answers their session 403', async () => {
    const invite = await call(ownerKey, 'POST', '/member/invite', {
      email: `viewer-${Date.now()}@example.com`,
      role: 'viewer',
    });
    expect(invite.status).toBe(201);
    const viewer = await browser.newContext();
    const accepted = await viewer.request.post(`${base}/api/core/auth/accept-invite`, {
      data: { token: invite.body.token, name: 'Viewer Person', password: PASSWORD },
    });
    expect(accepted.status()).toBe(201);
    const page = await viewer.newPage();
    await page.goto(`${base}/#/assistants`);
    const article = page.getByRole('article', { name: 'Assistant Browser assistant' });
    await article.waitFor();
    expect(await article.getByRole('button', { name: 'Talk' }).count()).toBe(0);
    const cookie = (await viewer.cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
    const refused = await upgrade(`${wsBase}?agentId=${agentId}`, { Cookie: cookie, Origin: base });
    expect(refused).toEqual({ status: 403, body: { code: 403, message: expect.stringMatching(/member role/) } });
    await viewer.close();
  });

  it('refuses without credentials, from another site, for another workspace, and past the limit', async () => {
    const url = `${wsBase}?agentId=${agentId}`;
    expect((await upgrade(url, {})).status).toBe(401);
    expect((await upgrade(wsBase, { Authorization: `Bearer ${ownerKey}` })).status).toBe(400);
    // the same route without an upgrade says how to connect (and is in the OpenAPI document)
    const http = await fetch(`${base}/api/core/voice/web-call?agentId=${agentId}`, {
      headers: { Authorization: `Bearer ${ownerKey}` },
    });
    expect([http.status, http.headers.get('upgrade'), ((await http.json()) as { code: number }).code]).toEqual([
      426,
      'websocket',
      426,
    ]);
    // a page of another site cannot ride the owner's session cookie into a call
    const cookie = (await owner.cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
    const crossSite = await upgrade(url, { Cookie: cookie, Origin: 'https://evil.example' });
    expect(crossSite.status).toBe(403);
    // another workspace's assistant is not found
    const other = await fetch(`${base}/api/core/auth/signup`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        name: 'Other',
        workspaceName: `other-${Date.now()}`,
        email: `o-${Date.now()}@example.com`,
        password: PASSWORD,
      }),
    });
    expect(other.status).toBe(201);
    const otherCookie = other.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const foreign = await upgrade(url, { Cookie: otherCookie, Origin: base });
    expect(foreign).toEqual({ status: 404, body: { code: 404, message: expect.stringContaining(agentId) } });
    // the engine takes no socket without a gateway's grant
    const forged = await upgrade(`ws://127.0.0.1:${engine.port}/internal/web-call`, { 'x-web-call-grant': 'v1.a.b.c' });
    expect(forged.status).toBe(401);
    // the live-call limit holds for web calls as for any other
    const db = new Client({ connectionString: process.env.DATABASE_URL });
    await db.connect();
    await db.query('UPDATE "Workspace" SET "liveCallLimit" = 0 WHERE id = $1', [workspaceId]);
    try {
      const limited = await upgrade(url, { Authorization: `Bearer ${ownerKey}` });
      expect(limited).toEqual({ status: 429, body: { code: 429, message: expect.stringMatching(/Live-call limit/) } });
      // every web call counts against the workspace's start-call rate limit (4 a minute here)
      const messages: string[] = [];
      for (let i = 0; i < 6 && !messages.some((m) => m.startsWith('Rate limit')); i++) {
        messages.push(
          ((await upgrade(url, { Authorization: `Bearer ${ownerKey}` })).body as { message: string }).message,
        );
      }
      expect(messages.at(-1)).toMatch(/^Rate limit exceeded: 4 started calls per 60 s/);
    } finally {
      await db.query('UPDATE "Workspace" SET "liveCallLimit" = 10 WHERE id = $1', [workspaceId]);
      await db.end();
    }
    const calls = await call(ownerKey, 'GET', '/voice/call/list?direction=web');
    expect(calls.body.total).toBe(1); // none of the refusals wrote a call
  });
});
