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
 * The privacy policy's namespace in every language, for the server's paint and the tests: the browser loads
 * only the visitor's language, when the policy is shown (i18n.ts), as its text is a third of the shell's.
 */
export const privacyTranslations: Record<Language, typeof it> = { it, en, fr, es, pt, de, ru, nl };
