import { useInterfaceLanguage } from '../i18n/interface-language';
import { formatNumber } from '../i18n/number-format';

/** Writes a number the reader's way ("5.369" in Portuguese), as sentences do (i18n/number-format.ts). */
export function useFormatNumber(): (value: number) => string {
  const { locale } = useInterfaceLanguage();
  return (value) => formatNumber(value, locale);
}
