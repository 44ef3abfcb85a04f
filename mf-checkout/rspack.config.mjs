import { createWebConfig } from '../scripts/rspack.shared.mjs';

export default (_env, argv) =>
  createWebConfig(
    {
      dir: import.meta.dirname,
      name: 'mf_checkout',
      exposes: {
        './CartButton': './src/ui/CartButton.tsx',
        './PaymentPages': './src/pages/PaymentPages.tsx',
      },
    },
    argv,
  );
