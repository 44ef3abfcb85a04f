import type { Language } from '@edicola/contracts';
import it from './it.json';
import en from './en.json';
import fr from './fr.json';
import es from './es.json';
import pt from './pt.json';
import de from './de.json';
import ru from './ru.json';
import nl from './nl.json';

/** The cart dialog's and checkout's texts (loaded with them); Italian is the reference. */
export const dialogTranslations: Record<Language, typeof it> = { it, en, fr, es, pt, de, ru, nl };
