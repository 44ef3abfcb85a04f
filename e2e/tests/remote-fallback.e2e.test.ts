import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
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
