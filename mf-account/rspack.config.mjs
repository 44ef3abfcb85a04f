import { createWebConfig } from '../scripts/rspack.shared.mjs';

export default (_env, argv) =>
  createWebConfig(
    {
      dir: import.meta.dirname,
      name: 'mf_account',
      exposes: { './AccountMenu': './src/AccountMenu.tsx', './AccountPages': './src/AccountPages.tsx' },
    },
    argv,
  );
