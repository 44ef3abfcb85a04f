import { createWebConfig } from '../scripts/rspack.shared.mjs';

// The host: no static remotes; their addresses come from /config.json at run time (src/remotes.ts).
export default (_env, argv) => createWebConfig({ dir: import.meta.dirname, name: 'shell', host: true }, argv);
