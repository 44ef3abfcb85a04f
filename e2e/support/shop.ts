import { createPrivateKey, sign } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Locator,
  type Page,
} from 'playwright-core';

export interface ShopState {
  webUrl: string;
  apiUrl: string;
  apiPort: number;
  /** The test shop's DATA_DIR (svc-notify writes e-mails under mail/ there when no SMTP is set). */
  dataDir: string;
  admin: { username: string; password: string };
  /** A staff user of the cashier role (made with the staff command before the shop started). */
  cashier: { username: string; password: string };
  /** The private key (JWK) the shop signs tokens with in the journeys. */
  signingJwk: JsonWebKey;
}

export const root = path.resolve(__dirname, '../..');
export const shop: ShopState = JSON.parse(
  readFileSync(path.join(root, 'test-results/e2e-state.json'), 'utf8'),
);

/** Debian's Chromium, with the flags this closed network needs. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** Console errors and uncaught exceptions of a page (CSP violations show up here too). */
export function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** What a journey works with: the file's browser, and the current test's fresh context, page and errors. */
export interface Visit {
  browser: Browser;
  context: BrowserContext;
  page: Page;
  /** The page's console errors and uncaught exceptions (collectErrors). */
  errors: string[];
}

/**
 * One browser for the test file and, for each test, a fresh context and page (a new visitor); `use` receives
 * them before every test, so a file keeps its own `page`, `context` and `errors` variables.
 */
export function newVisitorEachTest(options: BrowserContextOptions, use: (visit: Visit) => void): void {
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());
  beforeEach(async () => {
    context = await browser!.newContext(options);
    const page = await context.newPage();
    use({ browser: browser!, context, page, errors: collectErrors(page) });
  });
  afterEach(() => context?.close());
}

/**
 * Resolves once the app has replaced the server's first paint, which has the same headings and controls: before
 * that, focus and keyboard presses land on markup that is about to leave the page.
 */
export async function appRendered(page: Page): Promise<void> {
  await page.locator('#root > main').waitFor({ state: 'attached' });
}

/**
 * An article's card as the app renders it. The server's first paint has the same `#article-{id}` but no test
 * ids, and the app replaces it once it has rendered: a locator on the id alone can hold the painted card as
 * it leaves the page.
 */
export function appArticleCard(page: Page, id: string): Locator {
  return page.getByTestId('article-card').and(page.locator(`#article-${id}`));
}

/** Serious and critical accessibility violations found by axe-core. */
export async function seriousA11yViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** The same token re-signed with the shop's key, its expiry moved into the past. */
export function expiredCopyOf(token: string): string {
  const [header, payload] = token.split('.');
  const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString('utf8'));
  const now = Math.floor(Date.now() / 1000);
  const expired = Buffer.from(JSON.stringify({ ...claims, iat: now - 7200, exp: now - 3600 })).toString(
    'base64url',
  );
  const key = createPrivateKey({ key: shop.signingJwk as never, format: 'jwk' });
  const signature = sign(null, Buffer.from(`${header}.${expired}`), key).toString('base64url');
  return `${header}.${expired}.${signature}`;
}
