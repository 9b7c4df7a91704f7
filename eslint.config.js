// @ts-check
import js from '@eslint/js';
import react from 'eslint-plugin-react';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/', 'demo/build/', 'coverage/', 'test/bench/results/', 'node_modules/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,mts,mjs,js}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      // The widget strips control characters from untrusted text on purpose: the regular expressions
      // that name them are the point, not a typo.
      'no-control-regex': 'off',
      // Unused parameters named with a leading underscore document a signature the caller fixes.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
    },
  },
  { files: ['src/**/*.tsx', 'test/**/*.tsx'], ...react.configs.flat.recommended },
  { files: ['src/**/*.tsx', 'test/**/*.tsx'], ...react.configs.flat['jsx-runtime'] },
  { files: ['src/**/*.tsx', 'test/**/*.tsx'], settings: { react: { version: '19.1' } } },
  {
    files: ['src/**/*.{ts,tsx}', 'test/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // Tests wait for what the code did, never for a fixed time or a short default limit.
    files: ['test/**/*.{ts,tsx,mjs}'],
    ignores: ['test/support/patience.ts', 'test/bench/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.object.name='vi'][callee.property.name='waitFor']",
          message: 'Use eventually() from test/support/patience.ts: vi.waitFor gives up after 1 s by default.',
        },
        {
          selector: "CallExpression[callee.property.name='waitForTimeout']",
          message: 'Wait for the event or state that matters, not for a fixed time.',
        },
      ],
    },
  },
);
