// One linter for the whole repo: typescript-eslint's recommended rules plus React hooks rules for web/.
// Import rules (zones, layers, features, circles) are dependency-cruiser's: .dependency-cruiser.cjs.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/** Code that runs in a browser. */
const BROWSER_CODE = ['web/src/**', 'bench/floor/**', 'bench/wheel/page-*'];
/** Node programs that drive a DOM: jsdom web tests, browser journeys, browser benchmarks. */
const DOM_DRIVERS = [
  'test/web/**',
  'test/e2e/**',
  'test/setup/web.ts',
  'test/support/browser.ts',
  'bench/**',
];
const only = (where) => (name) => ({ name, message: `${name} exists only in ${where}.` });
/** Node's own globals (not the web platform's that Node also has). */
const NODE_ONLY_GLOBALS = [
  'process',
  'Buffer',
  'require',
  'module',
  '__dirname',
  '__filename',
  'global',
].map(only('Node'));
/** The browser's own globals, for code that runs on both sides. */
const BROWSER_ONLY_GLOBALS = [
  'window',
  'document',
  'navigator',
  'localStorage',
  'sessionStorage',
].map(only('the browser'));

export default tseslint.config(
  { ignores: ['node_modules', 'cdk.out', 'dist', 'web/dist', '.local', 'coverage', '.bench'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
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
  // Globals by where code runs: browser globals only in browser code (web/src, the benchmark pages
  // a browser loads), Node globals in Node code; programs that drive a DOM (jsdom tests,
  // page.evaluate) get both, like their tsconfig (tsconfig.dom-test.json). shared/ runs on both
  // sides and gets neither. typescript-eslint leaves undefined names to the typecheck (each side's
  // tsconfig has only its own types), so browser code also refuses Node's globals by name.
  {
    ignores: [...BROWSER_CODE, ...DOM_DRIVERS, 'shared/**'],
    languageOptions: { globals: globals.node },
  },
  {
    files: BROWSER_CODE,
    languageOptions: { globals: globals.browser },
    rules: { 'no-restricted-globals': ['error', ...NODE_ONLY_GLOBALS] },
  },
  {
    files: DOM_DRIVERS,
    ignores: BROWSER_CODE,
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
  {
    files: ['shared/**'],
    rules: { 'no-restricted-globals': ['error', ...NODE_ONLY_GLOBALS, ...BROWSER_ONLY_GLOBALS] },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
);
