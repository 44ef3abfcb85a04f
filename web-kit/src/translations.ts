import { DEFAULT_LANGUAGE, LANGUAGES, type Language, type SliceTranslations } from '@edicola/contracts';

function isLanguage(value: string): value is Language {
  return (LANGUAGES as readonly string[]).includes(value);
}

/**
 * The i18next backend of the shared instance (the shell installs it): each slice adds its namespace's
 * loader, and i18next asks it for the languages it needs (the current one, on every language change).
 */
export class SliceTranslationBackend {
  static readonly type = 'backend';
  readonly type = 'backend';
  private readonly loaders = new Map<string, SliceTranslations['load']>();

  init(): void {}

  add(namespace: string, load: SliceTranslations['load']): void {
    this.loaders.set(namespace, load);
  }

  read(language: string, namespace: string, callback: (error: unknown, data: object | null) => void): void {
    const load = this.loaders.get(namespace);
    if (!load || !isLanguage(language)) {
      callback(new Error(`no ${language} texts for ${namespace}`), null);
      return;
    }
    load(language).then(
      (data) => callback(null, data),
      (error: unknown) => callback(error, null),
    );
  }
}

/** What registerNamespace needs of the shared i18next instance. */
export interface TranslationRegistry {
  isInitialized: boolean;
  on(event: 'initialized', listener: () => void): unknown;
  hasResourceBundle(language: string, namespace: string): boolean;
  addResourceBundle(
    language: string,
    namespace: string,
    resources: object,
    deep?: boolean,
    overwrite?: boolean,
  ): unknown;
  loadNamespaces(namespaces: string): Promise<unknown>;
  services?: { backendConnector?: { backend?: unknown } };
}

/**
 * Adds a slice's namespace to the shared i18next instance the shell initialises: Italian at once, the
 * visitor's language through the shell's backend (components wait for it in their Suspense boundary).
 */
export function registerNamespace(
  instance: TranslationRegistry,
  namespace: string,
  translations: SliceTranslations,
): void {
  if (!instance.isInitialized) {
    instance.on('initialized', () => registerNamespace(instance, namespace, translations));
    return;
  }
  if (!instance.hasResourceBundle(DEFAULT_LANGUAGE, namespace)) {
    instance.addResourceBundle(DEFAULT_LANGUAGE, namespace, translations.it, true, false);
  }
  // Each slice bundles its own copy of this module: the backend is recognised by shape, not by class.
  const backend = instance.services?.backendConnector?.backend as
    Partial<SliceTranslationBackend> | undefined;
  if (typeof backend?.add !== 'function') return;
  backend.add(namespace, translations.load);
  // Also makes the namespace one that every later language change loads before it switches.
  void instance.loadNamespaces(namespace);
}
