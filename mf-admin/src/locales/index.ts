import type { Language } from '@edicola/contracts';
import it from './it.json';
import en from './en.json';
import fr from './fr.json';
import es from './es.json';
import pt from './pt.json';
import de from './de.json';
import ru from './ru.json';
import nl from './nl.json';

/**
 * The admin namespace in every language; Italian is the reference (see locales.test.ts); plural texts have the forms
 * each language needs.
 */
export const adminTranslations: Record<Language, object> = { it, en, fr, es, pt, de, ru, nl };
