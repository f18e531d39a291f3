import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['build/**', 'data/**', 'node_modules/**', '**/*.gen.ts', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
  {
    files: [
      'server/**',
      'tunnel/**',
      'codegen/**',
      'scripts/**',
      'e2e/**',
      'bench/**',
      '*.config.ts',
      '*.config.js',
    ],
    languageOptions: { globals: globals.node },
  },
  {
    // docs/architecture.md: an import leaves its folder through an alias, never by climbing three
    // or more folders.
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./){3,}',
              message: 'Import through an alias (@/…, #server/…, #wire/…) instead of climbing.',
            },
          ],
        },
      ],
    },
  },
  {
    // The server never reaches into the client: shared wire types come from #wire/.
    files: ['server/src/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./)+(src|resources)/|^@/|^(\\.\\./){3,}',
              message: 'The server imports nothing from the client (wire types: #wire/…).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/**'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
);
