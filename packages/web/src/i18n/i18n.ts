import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { readString, StorageKey, writeString } from '../lib/storage';
import { namespaces, resources } from './resources';

export const LANGUAGES = ['en', 'zh'] as const;
export type Language = (typeof LANGUAGES)[number];

/** English is the default; a remembered choice (`i18nextLng`) wins. */
export function initialLanguage(): Language {
  return readString(StorageKey.language)?.startsWith('zh') ? 'zh' : 'en';
}

function applyDocumentLanguage(lng: string) {
  document.documentElement.lang = lng === 'zh' ? 'zh-CN' : 'en';
}

export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  resources,
  lng: initialLanguage(),
  fallbackLng: 'en',
  supportedLngs: [...LANGUAGES],
  ns: namespaces,
  defaultNS: 'common',
  interpolation: { escapeValue: false },
  initAsync: false,
  showSupportNotice: false,
});

applyDocumentLanguage(i18n.language);
i18n.on('languageChanged', (lng) => {
  writeString(StorageKey.language, lng);
  applyDocumentLanguage(lng);
});
