import type { Language } from '@edicola/contracts';
import { de } from './de';
import { en } from './en';
import { es } from './es';
import { fr } from './fr';
import { it } from './it';
import { nl } from './nl';
import { pt } from './pt';
import { ru } from './ru';
import type { Strings } from './strings';

export type { Strings };

/** The customers' e-mail texts in the shop's 8 languages. */
export const STRINGS: Record<Language, Strings> = { it, en, fr, es, pt, de, ru, nl };
