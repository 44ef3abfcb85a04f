// Every workspace's unit and integration tests in one run.
const WORKSPACES = [
  'contracts',
  'platform',
  'svc-catalog',
  'svc-orders',
  'svc-payments',
  'svc-notify',
  'launcher',
  'shell',
  'mf-catalog',
  'mf-checkout',
  'mf-account',
  'mf-admin',
];

module.exports = { projects: WORKSPACES.map((w) => `<rootDir>/${w}/jest.config.js`) };
