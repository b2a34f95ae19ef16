// Lint rules: the recommended sets of ESLint and typescript-eslint, plus the layer boundaries of DESIGN.md
// (src/server never imports src/web, src/web never imports src/server).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['dist/**', 'data/**', 'node_modules/**', 'src/server/db/migrations/**', 'test-results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/server/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['**/web/**'] }] },
  },
  {
    files: ['src/web/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['**/server/**'] }] },
  },
);
