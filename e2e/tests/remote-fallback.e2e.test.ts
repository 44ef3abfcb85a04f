import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { launchBrowser, root, shop } from '../support/shop';

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

// A storefront whose catalogue remote is gone (its files removed): the rest of the page must live on.
describe('a remote that fails to load', () => {
  let browser: Browser;
  let web: ChildProcess;
  let webRoot: string;
  let webUrl: string;

  beforeAll(async () => {
    webRoot = mkdtempSync(path.join(tmpdir(), 'edicola-web-'));
    for (const slice of ['shell', 'mf-checkout', 'mf-account', 'mf-admin']) {
      cpSync(path.join(root, slice, 'dist'), path.join(webRoot, slice, 'dist'), { recursive: true });
    }
    const port = await freePort();
    webUrl = `http://localhost:${port}`;
    web = spawn(process.execPath, [path.join(root, 'launcher/dist/cli.js'), 'web'], {
      env: {
        ...process.env,
        NODE_OPTIONS: '',
        WEB_ROOT: webRoot,
        WEB_PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_API_URL: shop.apiUrl,
        LOG_LEVEL: 'warn',
      },
      stdio: 'ignore',
    });
    while (
      !(await fetch(`${webUrl}/config.json`).then(
        (r) => r.ok,
        () => false,
      ))
    ) {
      await new Promise((r) => setTimeout(r, 100));
    }
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    web?.kill();
    rmSync(webRoot, { recursive: true, force: true });
  });

  it('shows a fallback in its place while the layout and the other remotes keep working', async () => {
    const context = await browser.newContext({ locale: 'it-IT' });
    const page = await context.newPage();
    await page.goto(`${webUrl}/prodotti`);
    const fallback = page.getByTestId('remote-fallback-mf_catalog');
    await fallback.waitFor();
    expect(await fallback.getAttribute('role')).toBe('alert');
    await page
      .getByRole('navigation', { name: 'Navigazione principale' })
      .getByRole('link', { name: 'Prodotti' })
      .waitFor();
    expect(await page.getByRole('contentinfo').textContent()).toContain('14 giorni');
    await page
      .getByRole('navigation', { name: 'Navigazione principale' })
      .getByRole('link', { name: 'Home', exact: true })
      .click();
    await page.getByRole('heading', { name: 'Il paradiso dei collezionisti a Napoli' }).waitFor();
    await context.close();
  });
});

// Remotes served by a host that accepts connections and never answers: each slot must give up after its
// timeout and offer a retry, instead of 'Caricamento…' forever.
describe('remotes on a server that never answers', () => {
  let browser: Browser;
  let web: ChildProcess;
  let hung: http.Server;
  let webUrl: string;

  beforeAll(async () => {
    hung = http.createServer(() => {});
    await new Promise<void>((resolve) => hung.listen(0, '127.0.0.1', resolve));
    const remotesBase = `http://127.0.0.1:${(hung.address() as net.AddressInfo).port}/mf`;
    const port = await freePort();
    webUrl = `http://localhost:${port}`;
    web = spawn(process.execPath, [path.join(root, 'launcher/dist/cli.js'), 'web'], {
      env: {
        ...process.env,
        NODE_OPTIONS: '',
        WEB_PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_API_URL: shop.apiUrl,
        REMOTES_BASE_URL: remotesBase,
        LOG_LEVEL: 'warn',
      },
      stdio: 'ignore',
    });
    while (
      !(await fetch(`${webUrl}/config.json`).then(
        (r) => r.ok,
        () => false,
      ))
    ) {
      await new Promise((r) => setTimeout(r, 100));
    }
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    web?.kill();
    hung?.closeAllConnections();
    await new Promise((resolve) => hung?.close(resolve));
  });

  it('shows the fallback with a retry after the timeout, and the page around it works', async () => {
    const context = await browser.newContext({ locale: 'it-IT' });
    const page = await context.newPage();
    const started = Date.now();
    await page.goto(`${webUrl}/prodotti`);
    await page.getByRole('status').filter({ hasText: 'Caricamento' }).waitFor();
    const fallback = page.getByTestId('remote-fallback-mf_catalog');
    await fallback.waitFor({ timeout: 20_000 });
    expect(Date.now() - started).toBeLessThan(15_000);
    await fallback.getByRole('button', { name: 'Riprova' }).waitFor();
    expect(await page.getByRole('contentinfo').textContent()).toContain('14 giorni');
    // A retry asks again (and, the server still hung, ends in the fallback again).
    await fallback.getByRole('button', { name: 'Riprova' }).click();
    await page.getByRole('status').filter({ hasText: 'Caricamento' }).waitFor();
    await page.getByTestId('remote-fallback-mf_catalog').waitFor({ timeout: 20_000 });
    await context.close();
  });
});
