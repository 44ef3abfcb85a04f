import { createWebConfig } from '../scripts/rspack.shared.mjs';
import { createServerConfig } from '../scripts/rspack.server.mjs';

// The remote, and its server build: the catalogue's first paint (src/server.tsx).
export default (_env, argv) => [
  createWebConfig(
    {
      dir: import.meta.dirname,
      name: 'mf_catalog',
      exposes: {
        './CatalogPage': './src/CatalogPage.tsx',
        './PresaleSection': './src/PresaleSection.tsx',
        './ReservationSection': './src/ReservationSection.tsx',
        './RecentReviews': './src/RecentReviews.tsx',
        './ReviewPage': './src/ReviewPage.tsx',
      },
    },
    argv,
  ),
  createServerConfig({ dir: import.meta.dirname }, argv),
];
