/** Category filters of the catalogue (SPEC §2): query slug → the category name stored on articles. */
export const CATEGORIES = [
  { slug: 'modellismo', name: 'Modellismo' },
  { slug: 'pokemon', name: 'Pokemon' },
  { slug: 'caschi', name: 'Caschi' },
  { slug: 'trucks', name: 'Trucks' },
  { slug: 'trucksNew', name: 'Trucks New' },
  { slug: 'tuning', name: 'Tuning' },
  { slug: 'panini', name: 'Panini' },
] as const;
export type CategorySlug = (typeof CATEGORIES)[number]['slug'];
