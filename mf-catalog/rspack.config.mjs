import { createWebConfig } from '../scripts/rspack.shared.mjs';
import { createServerConfig } from '../scripts/rspack.server.mjs';

// The remote, and its server build: the catalogue's first paint (src/server.tsx).
export default (_env, argv) => [
  createWebConfig(
    {
      dir: import.meta.dirname,
      name: 'mf_catalog',
      exposes: {
        './CatalogPage': './src/pages/CatalogPage.tsx',
        './ArticlePage': './src/pages/ArticlePage.tsx',
        './SearchPage': './src/pages/SearchPage.tsx',
        './PresaleSection': './src/pages/PresaleSection.tsx',
        './ReservationSection': './src/pages/ReservationSection.tsx',
        './RecentReviews': './src/pages/RecentReviews.tsx',
        './ReviewPage': './src/pages/ReviewPage.tsx',
      },
    },
    argv,
  ),
  createServerConfig({ dir: import.meta.dirname }, argv),
];
