import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'error',
    },
  },
  {
    // Configuration is parsed once at start-up (services/kit/src/config); nothing else reads process.env.
    files: ['services/**/src/**/*.ts'],
    ignores: [
      'services/**/src/main.ts',
      'services/**/*.test.ts',
      'services/kit/src/testing/**',
      'services/kit/src/*/testing.ts',
      'services/*/src/testing/**',
      'services/kit/src/config/**',
      'services/all-in-one/src/**',
    ],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read configuration from the parsed config.' },
      ],
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: ['**/*.test.ts', '**/*.test.tsx', 'tests/**', 'bench/**', '**/scripts/**', '.ci/**'],
    rules: { 'no-console': 'off' },
  },
);
