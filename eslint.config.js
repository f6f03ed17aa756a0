import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

// The server's rooms, lowest first (ARCHITECTURE.md "Imports", decision 055): a room's product files
// import only the rooms before it, so no two rooms import each other. One rule per room and folder
// depth, since a relative import names a room by how many `../` lead up to src/. Tests may reach up
// (a live test starts the whole app).
const serverRooms = ['db', 'lib', 'config', 'context', 'providers', 'live', 'modules', 'seed', 'cli', 'app', 'main'];
const serverRoomFiles = new Set(['config', 'context', 'app', 'main']);
const serverArrows = serverRooms.slice(0, -1).flatMap((room, i) => {
  const above = serverRooms.slice(i + 1);
  const depths = serverRoomFiles.has(room) ? [0] : [1, 2, 3];
  return depths.map((depth) => ({
    files: [depth === 0 ? `apps/server/src/${room}.ts` : `apps/server/src/${room}/${'*/'.repeat(depth - 1)}*.ts`],
    ignores: ['apps/server/src/**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [{
          regex: `^${depth === 0 ? '\\./' : `(\\.\\./){${depth}}`}(${above.join('|')})(/|$)`,
          message: `${room} sits below ${above.join(', ')}: imports point down the server's rooms (decision 055).`,
        }],
      }],
    },
  }));
});

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
  ...serverArrows,
);
