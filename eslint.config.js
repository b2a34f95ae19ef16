// Lint rules: the recommended sets of ESLint and typescript-eslint, plus the layer boundaries of docs/product/architecture.md §1
// (src/server never imports src/web, src/web never imports src/server). Features importing features and import
// cycles are checked on resolved files by dependency-cruiser (.dependency-cruiser.cjs), the second half of `npm run lint`.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import i18next from 'eslint-plugin-i18next';

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
  {
    // Every visible text goes through t() (docs/product/architecture.md §4.6; issue 7 point 3): text written straight into JSX
    // fails the lint. The brand name and strings of digits and signs are not words to translate.
    files: ['src/web/**/*.tsx'],
    ignores: ['src/web/**/*.test.tsx'],
    plugins: { i18next },
    rules: { 'i18next/no-literal-string': ['error', { mode: 'jsx-text-only', words: { exclude: ['Sobanura', '[0-9!-/:-@[-`{-~\\s·•…–—★]+'] } }] },
  },
);
