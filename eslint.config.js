import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '**/drizzle/**', '**/test-results/**', '**/playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'warn',
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    // Dialogs open through components/dialogs.ts, which waits for the lazily loaded host: a direct
    // `modals.open…` before it has loaded opens nothing.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/components/dialogs.ts', 'apps/web/src/components/ui-overlays.tsx', 'apps/web/src/**/*.test.tsx'],
    rules: {
      'no-restricted-imports': ['error', { paths: [{ name: '@mantine/modals', importNames: ['modals'], message: 'Open dialogs with `dialogs` from components/dialogs.ts.' }] }],
    },
  },
  {
    // The server logs through pino; packages/shared is pure (STYLE.md).
    files: ['apps/server/src/**/*.ts', 'packages/shared/src/**/*.ts'],
    rules: { 'no-console': 'error' },
  },
);
