import type { ReactNode } from 'react';
import { Badge, localStorageColorSchemeManager, MantineProvider, createTheme, type CSSVariablesResolver } from '@mantine/core';
import { storageKeys } from '@app/shared';

export const theme = createTheme({
  primaryColor: 'blue',
  // Shade 8 keeps white-on-blue buttons and blue links at WCAG AA contrast (4.5:1) in both schemes.
  primaryShade: { light: 8, dark: 8 },
  // Filled controls in light colours (yellow, lime) get dark text instead of unreadable white.
  autoContrast: true,
  defaultRadius: 'md',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Noto Sans CJK SC", "Noto Sans Arabic", "Noto Sans Devanagari", sans-serif',
  components: {
    // A badge is a word or two that must be read whole ("PENDENTE", "INATIVO"): it keeps its width
    // in a row or a table cell, and the row wraps instead of cutting it to "PENDE…".
    Badge: Badge.extend({ styles: { root: { flexShrink: 0, overflow: 'visible' }, label: { overflow: 'visible' } } }),
  },
});

// Mantine's dimmed grey (gray.6 on white, 3.3:1) is below WCAG AA for body text; one shade darker
// passes; dark mode gets a lighter grey and link blue for the same reason.
const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-anchor': 'var(--mantine-color-blue-8)',
    // The "light" variant (badges, alerts, soft buttons) writes shade 9 on shade 1: under WCAG AA's
    // 4.5:1 for green (3.9), teal (4.5), yellow (2.7), orange, lime and red. Darker text, same hue.
    '--mantine-color-green-light-color': '#237032',
    '--mantine-color-teal-light-color': '#066649',
    '--mantine-color-yellow-light-color': '#7c4a00',
    '--mantine-color-orange-light-color': '#a3410b',
    '--mantine-color-lime-light-color': '#4a7a0a',
    '--mantine-color-red-light-color': '#b02525',
    // A field's error words and its wrong value (red.6, 3.3:1 on white) are read by everyone who
    // typed something wrong: red.9 keeps them above 4.5:1.
    '--mantine-color-error': 'var(--mantine-color-red-9)',
  },
  dark: { '--mantine-color-dimmed': 'var(--mantine-color-dark-1)', '--mantine-color-anchor': 'var(--mantine-color-blue-3)' },
});

// Light by default (spec section 3 Interface state); a chosen dark mode is remembered.
const colorSchemeManager = localStorageColorSchemeManager({ key: storageKeys.theme });

/** Mantine with the app's theme and remembered colour scheme: both entries (main.tsx, listen-main.tsx) use it. */
export function ThemeProvider({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} defaultColorScheme="light" colorSchemeManager={colorSchemeManager} cssVariablesResolver={cssVariablesResolver}>
      {children}
    </MantineProvider>
  );
}
