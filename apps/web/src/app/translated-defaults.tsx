import { useMemo, type ReactNode } from 'react';
import { MantineThemeProvider, type MantineThemeOverride } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * Mantine's own words, said in the reader's language: a password field's eye button is named
 * "Toggle password visibility" in English whatever the page's language, and a screen reader reads
 * it. Inside the translations' provider (the prerendered sign-in page has its own), so it is given
 * apart from the app's theme. Its pressed state (aria-pressed) says whether the password shows.
 */
export function TranslatedDefaults({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const theme = useMemo<MantineThemeOverride>(
    () => ({ components: { PasswordInput: { defaultProps: { visibilityToggleButtonProps: { 'aria-label': t('common.showPassword') } } } } }),
    [t],
  );
  return <MantineThemeProvider theme={theme}>{children}</MantineThemeProvider>;
}
