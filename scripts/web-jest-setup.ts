// The web slices' Jest setup (jsdom).
import { TextDecoder, TextEncoder } from 'node:util';
import { configure } from '@testing-library/dom';

// jsdom lacks the encoders react-router needs; Node has them.
Object.assign(globalThis, { TextEncoder, TextDecoder });

// CI runs two test steps side by side on two cores, where a lazy screen that loads in 100 ms alone once took over
// the default 1 s of findBy/waitFor. A limit against a hung wait, not a speed check (speed is measured in bench/).
configure({ asyncUtilTimeout: 5000 });
