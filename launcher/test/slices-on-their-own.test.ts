import { mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { createRemotesPointer } from '../src/remotes-pointer';
import { createSliceApp } from '../src/slice-server';
import { createWebApp } from '../src/web';

// Kubernetes (k8s/README.md): each front-end slice is served on its own under a versioned path, and the
// storefront's /config.json takes the remotes from a pointer file that a release flips and a rollback flips back.

const remotes = (version: string) => ({
  mf_catalog: `https://shop.example.com/mf/mf-catalog/${version}/mf-manifest.json`,
  mf_checkout: 'https://shop.example.com/mf/mf-checkout/1.0.0/mf-manifest.json',
  mf_account: 'https://shop.example.com/mf/mf-account/1.0.0/mf-manifest.json',
  mf_admin: 'https://shop.example.com/mf/mf-admin/1.0.0/mf-manifest.json',
});

describe('the remotes pointer', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'remotes-'));
  const file = path.join(dir, 'remotes.json');
  const write = (value: unknown, mtime: number) => {
    writeFileSync(file, typeof value === 'string' ? value : JSON.stringify(value));
    utimesSync(file, mtime, mtime);
  };

  it('gives /config.json its remotes, follows a flip, and keeps the last good value when the file breaks', async () => {
    write(remotes('1.4.0'), 1000);
    const errors: object[] = [];
    const pointer = createRemotesPointer(file, {
      checkEveryMs: 0,
      logger: { error: (fields) => errors.push(fields) },
    });
    const app = createWebApp({
      root: '/nonexistent',
      apiPort: 1,
      apiBaseUrl: 'https://api.example.com',
      demoMode: false,
      remotes: pointer,
    });

    const first = await request(app).get('/config.json');
    expect(first.body.remotes).toEqual(remotes('1.4.0'));
    expect(first.headers['content-security-policy']).toContain("script-src 'self' https://shop.example.com");

    write(remotes('1.5.0'), 2000);
    expect((await request(app).get('/config.json')).body.remotes.mf_catalog).toContain('/1.5.0/');

    write('{"mf_catalog": ', 3000);
    expect((await request(app).get('/config.json')).body.remotes.mf_catalog).toContain('/1.5.0/');
    expect(errors).toHaveLength(1);
  });

  it('refuses to start on a missing or invalid file', () => {
    expect(() => createRemotesPointer(path.join(dir, 'absent.json'))).toThrow();
    write({ mf_catalog: '' }, 4000);
    expect(() => createRemotesPointer(file)).toThrow();
  });
});

describe('one slice served on its own', () => {
  const dist = mkdtempSync(path.join(tmpdir(), 'slice-'));
  writeFileSync(path.join(dist, 'mf-manifest.json'), '{"name":"mf_catalog"}');
  writeFileSync(path.join(dist, 'remoteEntry.js'), 'var x = 1;');
  writeFileSync(path.join(dist, 'remoteEntry.js.map'), '{"sources":["secret.tsx"]}');
  writeFileSync(path.join(dist, 'mf-stats.json'), '{}');
  const app = createSliceApp({ slice: 'mf-catalog', dist });

  it('serves the files under any version path, immutable and open to the shell', async () => {
    const res = await request(app).get('/mf/mf-catalog/1.4.0/mf-manifest.json');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ name: 'mf_catalog' });
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect((await request(app).get('/healthz')).status).toBe(200);
  });

  it('never serves source maps or build statistics, however the name is written', async () => {
    for (const p of [
      '/mf/mf-catalog/1.4.0/remoteEntry.js.map',
      '/mf/mf-catalog/1.4.0/remoteEntry.js.ma%70',
      '/mf/mf-catalog/1.4.0/MF-STATS.JSON',
      '/mf/mf-catalog/1.4.0/mf-stats.jso%6e',
      '/mf/mf-catalog/1.4.0/%2e%2e/%2e%2e/etc/passwd',
      '/mf/mf-catalog/..%2f/mf-manifest.json',
      '/mf/mf-checkout/1.4.0/mf-manifest.json',
      '/mf/mf-catalog/1.4.0/%E0%A4%A',
    ]) {
      const res = await request(app).get(p);
      expect([p, res.status >= 400, String(res.text ?? '')]).toEqual([
        p,
        true,
        expect.not.stringContaining('secret'),
      ]);
    }
  });
});
