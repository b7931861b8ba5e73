// One linter for the whole repo: typescript-eslint's recommended rules plus React hooks rules for web/.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['node_modules', 'cdk.out', 'dist', 'web/dist', '.local', 'coverage', '.bench'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      // zod is imported once, in shared/zod.ts (configured there); elsewhere
      // `import * as z from '<...>/shared/zod'`, which also lets esbuild drop zod's locales.
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'zod',
              message: "Import from shared/zod: `import * as z from '.../shared/zod'`.",
              allowTypeImports: true,
            },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "ImportDeclaration[source.value=/shared\\/zod$|^\\.\\/zod$/] > ImportSpecifier[imported.name='z']",
          message: "Use `import * as z from '.../shared/zod'`.",
        },
      ],
    },
  },
  { files: ['shared/zod.ts'], rules: { 'no-restricted-imports': 'off' } },
  {
    files: ['web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
);
