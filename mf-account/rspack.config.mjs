import { createWebConfig } from '../scripts/rspack.shared.mjs';

export default (_env, argv) =>
  createWebConfig(
    {
      dir: import.meta.dirname,
      name: 'mf_account',
      exposes: {
        './AccountMenu': './src/ui/AccountMenu.tsx',
        './AccountPages': './src/pages/AccountPages.tsx',
      },
    },
    argv,
  );
