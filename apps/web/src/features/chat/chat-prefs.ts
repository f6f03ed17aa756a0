import { useCallback, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import type { InterfaceLanguage } from '@app/shared';
import { interfaceLanguage } from '../../i18n/interface-language';

const TRANSLATE_KEY = 'chat.translate';
const EVENT = 'chat-prefs-changed';

const subscribe = (fn: () => void) => {
  window.addEventListener(EVENT, fn);
  window.addEventListener('storage', fn);
  return () => {
    window.removeEventListener(EVENT, fn);
    window.removeEventListener('storage', fn);
  };
};

/**
 * The language messages are translated into for this reader: the interface language, or none when
 * the reader turned translation off (kept on this device).
 */
export function useReaderLanguage(): { lang: InterfaceLanguage | undefined; translate: boolean; setTranslate: (on: boolean) => void } {
  const { i18n } = useTranslation();
  const translate = useSyncExternalStore(subscribe, () => localStorage.getItem(TRANSLATE_KEY) !== 'off');
  const setTranslate = useCallback((on: boolean) => {
    localStorage.setItem(TRANSLATE_KEY, on ? 'on' : 'off');
    window.dispatchEvent(new Event(EVENT));
  }, []);
  return { lang: translate ? interfaceLanguage(i18n) : undefined, translate, setTranslate };
}

/** The composer's unsent text per conversation survives closing the panel or a reload. */
export const drafts = {
  read: (id: string) => localStorage.getItem(`chat.draft.${id}`) ?? '',
  write: (id: string, text: string) => {
    try {
      if (text) localStorage.setItem(`chat.draft.${id}`, text);
      else localStorage.removeItem(`chat.draft.${id}`);
    } catch {
      // Storage blocked: the draft lives as long as the screen.
    }
  },
};
