/**
 * The i18n provider (ra-i18n-polyglot): English and Chinese, the choice kept in the `language`
 * cookie (requirements §1, default English). Changing the locale rewrites the cookie, so the server
 * (which reads the cookie and Accept-Language) answers in the same language.
 */
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { mergeTranslations, type I18nProvider, type TranslationMessages } from 'react-admin';
import { getCookie, setCookie } from '../utils/cookie';
import { mountedNames } from '../resources/names';
import en from './en';
import zh from './zh';

export type Locale = 'en' | 'zh';
export const LANGUAGE_COOKIE = 'language';

/** The console's language from the cookie (anything starting with `zh` is Chinese). */
export function currentLocale(): Locale {
  return getCookie(LANGUAGE_COOKIE)?.toLowerCase().startsWith('zh') ? 'zh' : 'en';
}

/** The Accept-Language value for API calls in the current language. */
export function acceptLanguage(locale: Locale = currentLocale()): string {
  return locale === 'zh' ? 'zh-CN' : 'en';
}

type Tree = { [key: string]: string | Tree };

/**
 * Message modules of the screens: `src/i18n/modules/<screen>.ts` default-exports `{ en, zh }`
 * trees (usually `{ resources: { <resource>: … } }`, written once as a table of `[en, zh]` pairs
 * with `bilingual`, ./bilingual.ts) merged over the base catalogues with react-admin's
 * `mergeTranslations`, so a screen brings its own messages in both languages.
 */
const modules = import.meta.glob<{ default: { en: Tree; zh: Tree } }>('./modules/*.ts', { eager: true });

const moduleTrees = Object.values(modules).map((m) => m.default);

/**
 * Each mounted resource (named after its spec path, ../resources/names.ts) reads the messages of
 * its API's module: `resources.System/Menu.*` is `resources.menu.*`, so react-admin's own labels
 * (column headers, input labels, page titles) find them.
 */
function withResourceAliases(tree: Tree): TranslationMessages {
  const resources = (tree.resources ?? {}) as Record<string, Tree>;
  const aliases = Object.fromEntries(
    mountedNames()
      .filter(([, api]) => resources[api])
      .map(([name, api]) => [name, resources[api]]),
  );
  return { ...tree, resources: { ...resources, ...aliases } } as unknown as TranslationMessages;
}

export const messages: Record<Locale, TranslationMessages> = {
  en: withResourceAliases(mergeTranslations(en, ...moduleTrees.map((m) => m.en)) as Tree),
  zh: withResourceAliases(mergeTranslations(zh, ...moduleTrees.map((m) => m.zh)) as Tree),
};

/** Builds the provider; `changeLocale` also stores the choice in the cookie and sets `<html lang>`. */
export function createI18nProvider(): I18nProvider {
  const initial = currentLocale();
  const base = polyglotI18nProvider(
    (locale) => messages[locale as Locale] ?? messages.en,
    initial,
    [
      { locale: 'en', name: 'English' },
      { locale: 'zh', name: '中文' },
    ],
    { allowMissing: true },
  );
  if (typeof document !== 'undefined') document.documentElement.lang = initial === 'zh' ? 'zh-CN' : 'en';
  return {
    ...base,
    changeLocale: async (locale: string, options?: unknown) => {
      const next: Locale = locale === 'zh' ? 'zh' : 'en';
      setCookie(LANGUAGE_COOKIE, next);
      if (typeof document !== 'undefined') document.documentElement.lang = next === 'zh' ? 'zh-CN' : 'en';
      return base.changeLocale(next, options);
    },
  };
}
