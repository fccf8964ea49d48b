import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import layering from './eslint/layering.js';

/** The two files that may import electron's raw IPC objects: main's handler registration and the preload. */
export const IPC_ADAPTERS = ['main/electron/ipc-main.ts', 'main/preload/index.ts'];

const RAW_IPC_MESSAGE = 'Raw IPC only in main/electron/ipc-main.ts and main/preload/index.ts: use the channel table (app/contract/channels.ts).';
const RAW_IPC_BANS = ['electron', 'electron/main', 'electron/renderer', 'electron/common'].map((name) => ({
  name,
  importNames: ['ipcMain', 'ipcRenderer'],
  message: RAW_IPC_MESSAGE,
}));

/**
 * The page (renderer and the preload's bridge) imports the contract's values only from its zod-free modules
 * (names, codes, bridge, expiry, deep-link): evaluating the schemas cost ~40 ms of the first paint, and main
 * validates every request anyway. Types may come from anywhere (they are erased).
 */
const PAGE_SCHEMA_BAN = {
  regex: '(^|/)app/contract(/(index|channels|model|compare|search|errors))?$|^zod(/|$)',
  allowTypeImports: true,
  message: 'The page must not evaluate zod: import values from app/contract/{names,codes,bridge,expiry,deep-link} or app/common (types from anywhere).',
};

export default tseslint.config(
  { ignores: ['node_modules/**', 'dist/**', 'test-results/**', 'release/**', '.electron-native/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs,cjs}'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { layering },
    rules: {
      'layering/layers': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-syntax': [
        'error',
        { selector: "MemberExpression[property.name='innerHTML']", message: 'Observation content is untrusted: never use innerHTML.' },
      ],
    },
  },
  {
    // Raw IPC lives in exactly two adapter files; everything else goes through the typed channel table.
    files: ['**/*.{ts,tsx,js,mjs,cjs}'],
    ignores: IPC_ADAPTERS,
    rules: { 'no-restricted-imports': ['error', { paths: RAW_IPC_BANS }] },
  },
  {
    files: ['renderer/**/*.{ts,tsx}', 'main/preload/bridge.ts'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: [PAGE_SCHEMA_BAN] }] },
  },
  {
    files: ['renderer/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
);
