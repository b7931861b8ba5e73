// One linter for the whole repo: typescript-eslint's recommended rules plus React hooks rules for web/.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

// zod is imported once, in shared/zod.ts (configured there); elsewhere
// `import * as z from '<...>/shared/zod'`, which also lets esbuild drop zod's locales.
const ZOD_ONLY_VIA_SHARED = {
  name: 'zod',
  message: "Import from shared/zod: `import * as z from '.../shared/zod'`.",
  allowTypeImports: true,
};

/**
 * Dependency arrows (docs/architecture.md, "Dependency rules"): shared/ imports nothing of ours;
 * lambdas/ and web/ never import infra/, local/ or each other; infra/ never imports local/ or web/
 * code; local/ is imported only by local/, tests and benchmarks; web features never import each
 * other (they meet in web/src/app and share web/src/components and web/src/lib).
 */
const forbid = (folders, why) => ({
  regex: `(^|/)(${folders.join('|')})/`,
  message: why,
});
/**
 * The layers inside lambdas/, top first: each may import the layers after it, never one before
 * it. Triggers and custom resources are handlers (of Cognito and CloudFormation).
 */
const HANDLER_LEVEL = ['handlers', 'triggers', 'custom-resources'];
const LAMBDA_LAYERS = [
  { folders: HANDLER_LEVEL, below: [] },
  { folders: ['domain'], below: HANDLER_LEVEL },
  { folders: ['repositories'], below: [...HANDLER_LEVEL, 'domain'] },
  { folders: ['lib'], below: [...HANDLER_LEVEL, 'domain', 'repositories'] },
];
const WEB_ONLY = forbid(
  ['infra', 'local', 'lambdas', 'test', 'bench'],
  'web/ imports only shared/ and web/.',
);
/** Outside shared/, shared/ is imported through its alias (tsconfig.base.json paths). */
const VIA_ALIAS = {
  regex: '^(\\.\\./)+shared/',
  message: 'Import shared/ through its alias: @shared/...',
};
const ZONES = [
  {
    files: ['shared/**/*.ts'],
    patterns: [
      { regex: '^\\.\\./', message: 'shared/ imports nothing of ours outside shared/.' },
      {
        regex: '^(@aws-sdk/|aws-cdk-lib|constructs|react|react-dom|react-router)',
        message: 'shared/ holds plain rules: no AWS, CDK or React imports.',
      },
    ],
  },
  ...LAMBDA_LAYERS.map(({ folders, below }) => ({
    files: folders.map((folder) => `lambdas/${folder}/**/*.ts`),
    patterns: [
      forbid(
        ['infra', 'local', 'web', 'test', 'bench'],
        'lambdas/ imports only shared/ and lambdas/.',
      ),
      ...(folders.includes('repositories')
        ? [
            {
              regex: '(^|/|@)(lib/http|lib/http-event|shared/errors)$',
              message:
                'Repositories return results; handlers and domain modules build HTTP answers.',
            },
          ]
        : []),
      ...(below.length > 0
        ? [
            forbid(
              below,
              'Inside lambdas/ imports point one way: handlers (and triggers, custom-resources) -> domain -> repositories -> lib.',
            ),
          ]
        : []),
    ],
  })),
  {
    files: ['web/**/*.{ts,tsx}'],
    patterns: [WEB_ONLY],
  },
  {
    files: ['infra/**/*.ts'],
    patterns: [
      forbid(
        ['local', 'web/src', 'test', 'bench'],
        'infra/ never imports the local stack, web code, tests or benchmarks.',
      ),
    ],
  },
  {
    files: ['local/**/*.ts'],
    patterns: [
      forbid(['web/src', 'test', 'bench'], 'local/ never imports web code, tests or benchmarks.'),
    ],
  },
  ...['admin', 'staff', 'visitor'].map((feature) => ({
    files: [`web/src/features/${feature}/**/*.{ts,tsx}`],
    patterns: [
      // A later block replaces an earlier one's options for its files: the web rule again.
      WEB_ONLY,
      forbid(
        ['admin', 'staff', 'visitor'].filter((other) => other !== feature),
        'Web features never import each other: share through web/src/components or web/src/lib.',
      ),
    ],
  })),
];

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
      'no-restricted-imports': ['error', { paths: [ZOD_ONLY_VIA_SHARED], patterns: [VIA_ALIAS] }],
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
  // Later blocks replace the rule's options for their files, so each zone repeats the zod rule.
  ...ZONES.map(({ files, patterns }, i) => ({
    files,
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [ZOD_ONLY_VIA_SHARED], patterns: i === 0 ? patterns : [...patterns, VIA_ALIAS] },
      ],
    },
  })),
  {
    files: ['shared/zod.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: ZONES[0].patterns }] },
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
