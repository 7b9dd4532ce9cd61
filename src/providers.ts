/**
 * The console's providers, wired once: one HTTP client (token, time zone, language cookie),
 * the data provider, the auth provider and the i18n provider.
 */
import { createHttpClient } from '../dataProvider/httpClient';
import { createDataProvider } from '../dataProvider';
import { createAuthProvider } from '../authProvider';
import { acceptLanguage, createI18nProvider } from './i18n';
import { apiOf } from './resources/names';

export const httpClient = createHttpClient({ getLanguage: () => acceptLanguage() });
export const dataProvider = createDataProvider(httpClient, apiOf);
export const authProvider = createAuthProvider({ http: httpClient });
export const i18nProvider = createI18nProvider();
