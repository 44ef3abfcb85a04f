import { z } from 'zod';

/** C0 controls (CR, LF, tab, NUL, ESC …), DEL, C1 controls, and Unicode's line and paragraph separators. */
// eslint-disable-next-line no-control-regex
export const CONTROL_CHARACTER = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

export const CONTROL_CHARACTER_DETAIL = 'Non può contenere a capo né altri caratteri di controllo';

/**
 * A single-line text (a name, a city, an address, a title, a subject): a string without control characters,
 * checked before any trim, so that `Napoli\r\nBcc: x` is refused (422), not cleaned. Chain trim, min and
 * max after it. Multi-line texts (descriptions, comments, messages, notes) use plain z.string().
 */
export const singleLine = (message?: string) =>
  z.string(message).refine((v) => !CONTROL_CHARACTER.test(v), CONTROL_CHARACTER_DETAIL);
