import { PGlite } from '@electric-sql/pglite';
let t=Date.now(); const a = await PGlite.create(); await a.query('select 1'); console.log('memory create', Date.now()-t, 'ms', process.memoryUsage().rss/1e6|0, 'MB');
t=Date.now(); const dump = await a.dumpDataDir('none'); console.log('dump', Date.now()-t, dump.size);
t=Date.now(); const b = await PGlite.create({loadDataDir: dump}); await b.query('select 1'); console.log('load', Date.now()-t, process.memoryUsage().rss/1e6|0);
