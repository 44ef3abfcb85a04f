import { readFileSync } from 'node:fs';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import { chromium, type Browser, type Page } from 'playwright-core';

export interface ShopState {
  webUrl: string;
  apiUrl: string;
  apiPort: number;
  /** The test shop's DATA_DIR (svc-notify writes e-mails under mail/ there when no SMTP is set). */
  dataDir: string;
  admin: { username: string; password: string };
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

/** Serious and critical accessibility violations found by axe-core. */
export async function seriousA11yViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
