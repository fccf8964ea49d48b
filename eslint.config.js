import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import layering from './eslint/layering.js';

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
      'no-restricted-syntax': ['error', { selector: "MemberExpression[property.name='innerHTML']", message: 'Observation content is untrusted: never use innerHTML.' }],
    },
  },
);
