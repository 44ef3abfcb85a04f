import { createWebConfig } from '../scripts/rspack.shared.mjs';

export default (_env, argv) =>
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
  );
