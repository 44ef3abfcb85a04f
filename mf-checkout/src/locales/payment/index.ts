import type { Language } from '@edicola/contracts';
import it from './it.json';
import en from './en.json';
import fr from './fr.json';
import es from './es.json';
import pt from './pt.json';
import de from './de.json';
import ru from './ru.json';
import nl from './nl.json';

/** The online payments' texts (checkout and payment pages); Italian is the reference. */
export const paymentTranslations: Record<Language, typeof it> = { it, en, fr, es, pt, de, ru, nl };
