import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import LanguageDetector from 'i18next-browser-languagedetector';
import type { Services } from 'i18next';
import { i18n, i18nReady, toInterfaceLanguage } from './index';

// A detector with the app's own options, so each source can be set and the winner checked.
function detect(): string | undefined {
  const detector = new LanguageDetector({} as Services, i18n.options.detection);
  const found = detector.detect();
  return Array.isArray(found) ? found[0] : found;
}

function clearSources() {
  window.history.replaceState(null, '', '/');
  document.cookie = 'i18next=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
  localStorage.clear();
  sessionStorage.clear();
}

describe('language detection (spec sections 4 and 9)', () => {
  beforeAll(async () => {
    await i18nReady;
  });
  afterEach(clearSources);

  it('uses the order query lng, cookie i18next, local storage i18nextLng, session storage, browser, html lang', () => {
    expect(i18n.options.detection).toMatchObject({
      order: ['querystring', 'cookie', 'localStorage', 'sessionStorage', 'navigator', 'htmlTag'],
      lookupQuerystring: 'lng',
      lookupCookie: 'i18next',
      lookupLocalStorage: 'i18nextLng',
      caches: ['localStorage'],
    });
  });

  it('prefers each source over the ones after it', () => {
    window.history.replaceState(null, '', '/?lng=pt');
    document.cookie = 'i18next=es; path=/';
    localStorage.setItem('i18nextLng', 'id');
    sessionStorage.setItem('i18nextLng', 'zh');
    expect(detect()).toBe('pt');
    window.history.replaceState(null, '', '/');
    expect(detect()).toBe('es');
    document.cookie = 'i18next=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
    expect(detect()).toBe('id');
    localStorage.clear();
    expect(detect()).toBe('zh');
  });

  it('falls back to English and never shows a raw key', async () => {
    expect(i18n.options.fallbackLng).toEqual(['en']);
    await i18n.changeLanguage('pt');
    expect(i18n.t('nav.dashboard')).toBe('Painel');
    expect(i18n.t('shell.doesNotExist', { defaultValue: 'x' })).toBe('x');
  });

  it('sets <html lang> to the chosen interface language and remembers the choice', async () => {
    await i18n.changeLanguage('zh');
    expect(document.documentElement.lang).toBe('zh');
    expect(localStorage.getItem('i18nextLng')).toBe('zh');
    await i18n.changeLanguage('es-MX');
    expect(document.documentElement.lang).toBe('es');
    await i18n.changeLanguage('en');
    expect(document.documentElement.lang).toBe('en');
  });

  it('maps regional and unknown codes to an interface language', () => {
    expect(toInterfaceLanguage('zh-CN')).toBe('zh');
    expect(toInterfaceLanguage('pt-BR')).toBe('pt');
    expect(toInterfaceLanguage('fr')).toBe('en');
    expect(toInterfaceLanguage(undefined)).toBe('en');
  });
});
