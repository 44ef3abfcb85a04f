// Starts the built shop as `npm start` would, on a fresh data folder and free ports.
const { spawn, spawnSync } = require('node:child_process');
const { generateKeyPairSync } = require('node:crypto');
const { mkdtempSync, writeFileSync, mkdirSync } = require('node:fs');
const net = require('node:net');
const os = require('node:os');
const path = require('node:path');

const root = path.resolve(__dirname, '../..');
const stateFile = path.join(root, 'test-results', 'e2e-state.json');

function freePort() {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

module.exports = async function globalSetup() {
  const [webPort, apiPort] = [await freePort(), await freePort()];
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'edicola-e2e-'));
  const admin = { username: 'e2e-admin', password: 'e2e-password-123' };
  // A cashier, made with the staff command as the owner would (it works on the stopped shop's database; the empty
  // engine folder stands for a shop started once, so the command creates the database instead of refusing).
  const cashier = { username: 'e2e-cassa', password: 'Cassiera-Toledo-e2e' };
  mkdirSync(path.join(dataDir, 'pglite'), { recursive: true });
  const staff = spawnSync(
    process.execPath,
    [path.join(root, 'svc-orders/dist/staff/cli.js'), 'add', cashier.username, '--role', 'cashier'],
    {
      cwd: root,
      env: { ...process.env, NODE_OPTIONS: '', DATA_DIR: dataDir, STAFF_PASSWORD: cashier.password },
    },
  );
  if (staff.status !== 0) throw new Error(`the staff command failed: ${staff.stderr}`);
  // The shop signs tokens with this key, so journeys can forge an expired token of a real customer.
  const signingJwk = {
    ...generateKeyPairSync('ed25519').privateKey.export({ format: 'jwk' }),
    alg: 'EdDSA',
    kid: 'e2e',
  };
  const child = spawn(process.execPath, [path.join(root, 'launcher/dist/cli.js'), 'all-in-one'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_OPTIONS: '',
      DATA_DIR: dataDir,
      WEB_PORT: String(webPort),
      API_PORT: String(apiPort),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      ADMIN_USERNAME: admin.username,
      ADMIN_PASSWORD: admin.password,
      // Every journey orders from 127.0.0.1 with the same few e-mails: the abuse limits are tested in svc-orders.
      ORDERS_PER_ADDRESS_PER_HOUR: '10000',
      OPEN_ORDERS_PER_EMAIL: '10000',
      JWT_PRIVATE_JWK: JSON.stringify(signingJwk),
      // Every journey registers from this one machine's address.
      REGISTRATIONS_PER_HOUR: '1000',
      // Review requests due at the next run, so a journey can follow one.
      REVIEW_REQUEST_DELAY_DAYS: '0',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const apiUrl = `http://localhost:${apiPort}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the shop exited with ${child.exitCode}`);
    if (
      await fetch(`${apiUrl}/healthz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    if (Date.now() > deadline) throw new Error('the shop did not become healthy in 90 s');
    await new Promise((r) => setTimeout(r, 200));
  }
  mkdirSync(path.dirname(stateFile), { recursive: true });
  writeFileSync(
    stateFile,
    JSON.stringify({
      pid: child.pid,
      dataDir,
      webUrl: `http://localhost:${webPort}`,
      apiUrl,
      apiPort,
      admin,
      cashier,
      signingJwk,
    }),
  );
  globalThis.__EDICOLA_SHOP__ = child;
};
