// The styles are linked from index.html (this entry's own CSS): the server's first paint needs them.
import './styles.css';
import * as federationErrors from '@module-federation/error-codes';
import * as federationSdk from '@module-federation/sdk';

// The federation SDK the remotes' bundler runtime uses is the host's copy (scripts/rspack.shared.mjs:
// the remotes take it from here instead of each shipping its own, about 6 KB brotli per remoteEntry).
Object.assign(window, { __EDICOLA_MF_SDK__: federationSdk, __EDICOLA_MF_ERRORS__: federationErrors });

// Async boundary: the federation runtime negotiates the shared singletons before React is imported.
void import('./bootstrap');
