import { Center, Loader } from '@mantine/core';
import type { InterfaceLanguage } from '@app/shared';
import { toInterfaceLanguage } from '../i18n/interface-language';

// Shown before translations load, so its name cannot come from i18next: the five words are here,
// chosen by the language i18next detected first (it sets <html lang> before loading any text).
const LOADING: Record<InterfaceLanguage, string> = { en: 'Loading', pt: 'Carregando', es: 'Cargando', id: 'Memuat', zh: '正在加载' };

/** The word "Loading" in the page's language. */
export function loadingLabel(): string {
  const lang = typeof document !== 'undefined' ? document.documentElement.lang || navigator.language : 'en';
  return LOADING[toInterfaceLanguage(lang)];
}

export function PageLoader() {
  return (
    <Center h="100dvh" role="status" aria-live="polite">
      <Loader aria-label={loadingLabel()} />
    </Center>
  );
}
