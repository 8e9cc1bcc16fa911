import { chromium, type Browser, type Page } from 'playwright-core';
import { useFastDelivery } from '../support/engine';
import { isolateSuite, waitFor } from '../support/isolation';
import { spawnApp, type AppProcess } from '../support/processes';

interface HTMLMediaLike {
  readyState: number;
  duration: number;
}

/** Issue 12 acceptance 1 and 2: the console in real Chromium against the real apps. */
describe('the console', () => {
  let cleanup: () => Promise<void>;
  let gateway: AppProcess, engine: AppProcess;
  let browser: Browser;
  let page: Page;
  let base: string;

  beforeAll(async () => {
    cleanup = await isolateSuite('console');
    useFastDelivery();
    // slow enough to see each status in the page: ringing 1.5 s, then a few seconds of talk
    const env = {
      SESSION_COOKIE_SECURE: 'false',
      SIM_RING_MS: '1500',
      SIM_MS_PER_WORD: '250',
      SIM_TURN_GAP_MS: '300',
      RECONCILE_INTERVAL_MS: '500',
    };
    [gateway, engine] = [await spawnApp('api-gateway', env), await spawnApp('call-engine', env)];
    base = `http://127.0.0.1:${gateway.port}`;
    browser = await chromium.launch({
      executablePath: '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
    });
    page = await browser.newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await Promise.all([gateway, engine].map((a) => a?.kill()));
    await cleanup?.();
  });

  it('a new owner signs up, creates an assistant and a key seen in full once, and the key starts a call', async () => {
    await page.goto(base);
    await page.getByRole('button', { name: 'New here? Create a workspace' }).click();
    await page.getByLabel('Your name').fill('Console Owner');
    await page.getByLabel('Workspace name').fill(`console-${Date.now()}`);
    await page.getByLabel('Email').fill(`console-${Date.now()}@example.com`);
    await page.getByLabel('Password').fill('a long enough password');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await page.getByRole('heading', { name: 'Calls' }).waitFor();

    await page.getByRole('link', { name: 'Assistants' }).click();
    await page.getByLabel('Name').fill('Console assistant');
    await page.getByLabel('First message').fill('Hello there, this is a short test call from the console.');
    await page.getByRole('button', { name: 'Create assistant' }).click();
    await page.getByText('Console assistant').waitFor();

    await page.getByRole('link', { name: 'API keys' }).click();
    await page.getByLabel('Name').fill('CI key');
    await page.getByRole('button', { name: 'Create key' }).click();
    const key = (await page.getByTestId('new-key').textContent())!;
    expect(key).toMatch(/^vk_/);
    await page.reload();
    await page.getByTestId('key-preview').first().waitFor();
    expect(await page.getByTestId('key-preview').first().textContent()).toBe(`vk_…${key.slice(-4)}`);
    expect(await page.content()).not.toContain(key);

    const auth = { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' };
    const agents = (await (await fetch(`${base}/api/core/voice/agent/list`, { headers: auth })).json()) as {
      list: { agentId: string }[];
    };
    const started = await fetch(`${base}/api/core/voice/agent/call`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ agentId: agents.list[0].agentId, to: '+14155552671' }),
    });
    expect(started.status).toBe(201);
  });

  it('the owner starts a call and watches it ring, talk and complete live, then reads and hears it', async () => {
    await page.getByRole('link', { name: 'Calls' }).click();
    await page.getByRole('button', { name: 'Start a call' }).click();
    await page.getByLabel('Number to call').fill('+14155552672');
    await page.getByRole('button', { name: 'Call', exact: true }).click();
    const status = page.getByRole('row').filter({ hasText: '+14155552672' }).getByTestId('call-status');
    const seen: string[] = [];
    await waitFor(
      'the call to complete in the page',
      async () => {
        const now = (await status.textContent().catch(() => null)) ?? '';
        if (now && seen.at(-1) !== now) seen.push(now);
        return now === 'completed';
      },
      30_000,
      100,
    );
    expect(seen).toEqual(['ringing', 'in-progress', 'completed']);

    await page.getByRole('row').filter({ hasText: '+14155552672' }).getByRole('link').click();
    await page.locator('.transcript li').first().waitFor({ timeout: 15_000 });
    expect(await page.locator('.transcript').textContent()).toContain('short test call from the console');
    await page.locator('audio').waitFor({ timeout: 15_000 });
    // runs in the page: the audio element's duration once its metadata is loaded
    const seconds = await page.waitForFunction(() => {
      const audio = (
        globalThis as unknown as { document: { querySelector(s: string): HTMLMediaLike | null } }
      ).document.querySelector('audio');
      return audio && audio.readyState >= 1 && Number.isFinite(audio.duration) ? audio.duration : false;
    });
    const durationSec = Number(await page.getByTestId('duration').textContent());
    expect(Math.abs(((await seconds.jsonValue()) as number) - durationSec)).toBeLessThanOrEqual(1);
  });
});
