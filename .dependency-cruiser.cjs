/**
 * The repo's import rules, stated once (docs/architecture.md, "Dependency rules"). Run by
 * test/lint/dependencies.test.ts, which also plants one violation of each rule and sees it refused.
 * Every import counts: static, type-only and lazy `import()` alike.
 */
const FEATURES = ['admin', 'staff', 'visitor'];
/** The layers inside lambdas/, top first: each may import the layers after it, never one before. */
const HANDLER_LEVEL = '(handlers|triggers|custom-resources)';
const LAYERS = [
  { name: 'domain', above: HANDLER_LEVEL },
  { name: 'repositories', above: `(${HANDLER_LEVEL.slice(1, -1)}|domain)` },
  { name: 'lib', above: `(${HANDLER_LEVEL.slice(1, -1)}|domain|repositories)` },
];
const rule = (name, comment, from, to) => ({ name, comment, severity: 'error', from, to });

module.exports = {
  forbidden: [
    rule(
      'shared-stands-alone',
      'shared/ holds plain rules: it imports nothing of ours outside shared/.',
      { path: '^shared/' },
      { path: '^(lambdas|web|infra|local|test|bench)/' },
    ),
    rule(
      'shared-is-plain',
      'shared/ runs on both sides: no AWS SDK, CDK or React.',
      { path: '^shared/' },
      {
        path: '(^|/)node_modules/(@aws-sdk/|aws-cdk-lib/|constructs/|react/|react-dom/|react-router)',
      },
    ),
    rule(
      'lambdas-zone',
      'lambdas/ imports only shared/ and lambdas/.',
      { path: '^lambdas/' },
      { path: '^(web|infra|local|test|bench)/' },
    ),
    rule(
      'web-zone',
      'web/ imports only shared/ and web/.',
      { path: '^web/' },
      { path: '^(lambdas|infra|local|test|bench)/' },
    ),
    rule(
      'infra-zone',
      'infra/ never imports the local stack, web code, tests or benchmarks.',
      { path: '^infra/' },
      { path: '^(local|web/src|test|bench)/' },
    ),
    rule(
      'local-zone',
      'local/ never imports web code, tests or benchmarks.',
      { path: '^local/' },
      { path: '^(web/src|test|bench)/' },
    ),
    rule(
      'shared-via-alias',
      'Outside shared/, shared/ is imported through its alias: @shared/... (tsconfig.base.json paths).',
      { path: '^(?!shared/)' },
      { path: '^shared/', dependencyTypesNot: ['aliased-tsconfig-paths'] },
    ),
    rule(
      'zod-via-shared',
      "zod is configured once, in shared/zod.ts: import * as z from '@shared/zod'.",
      { pathNot: '^shared/zod\\.ts$' },
      { path: '(^|/)node_modules/zod/' },
    ),
    rule(
      'toolbox-by-subpath',
      "DynamoDB-Toolbox is imported by its subpaths ('dynamodb-toolbox/entity', '.../table/actions/scan'): its root index would put every action in each function's bundle (about 40 KB more).",
      {},
      { path: '(^|/)node_modules/dynamodb-toolbox/dist/(esm|cjs)/index\\.(js|d\\.ts)$' },
    ),
    rule(
      'toolbox-in-repositories',
      'Stored items are read and written by the repositories (docs/architecture.md, "Stored items"): only lambdas/repositories/ and lambdas/lib/items.ts import DynamoDB-Toolbox.',
      { pathNot: '^lambdas/(repositories/|lib/items\\.ts$)' },
      { path: '(^|/)node_modules/dynamodb-toolbox/' },
    ),
    rule(
      'wheel-page-routes',
      'The wheel page names its routes in shared/routes-wheel.ts: the whole table is staff and admin routes it never calls, and would grow its first download.',
      { path: '^web/src/(boot\\.ts$|lib/api-client\\.ts$|features/visitor/)' },
      { path: '^shared/routes\\.ts$' },
    ),
    ...FEATURES.map((feature) =>
      rule(
        `web-feature-${feature}-alone`,
        'Web features never import each other, lazily or not: they share through web/src/components or web/src/lib.',
        { path: `^web/src/features/${feature}/` },
        { path: `^web/src/features/(${FEATURES.filter((f) => f !== feature).join('|')})/` },
      ),
    ),
    ...LAYERS.map(({ name, above }) =>
      rule(
        `lambdas-${name}-points-down`,
        'Inside lambdas/ imports point one way: handlers (and triggers, custom-resources) -> domain -> repositories -> lib.',
        { path: `^lambdas/${name}/` },
        { path: `^lambdas/${above}/` },
      ),
    ),
    rule(
      'repositories-return-results',
      'Repositories return results; handlers and domain modules build HTTP answers.',
      { path: '^lambdas/repositories/' },
      { path: '^(lambdas/lib/http|lambdas/lib/http-event|shared/errors)\\.ts$' },
    ),
    rule('no-circles', 'No import circles, type-only imports included.', {}, { circular: true }),
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Build output and scratch folders of ours; a package's own dist/ is what an import resolves to.
    exclude: {
      path: '^(web/)?(cdk\\.out|dist|\\.local|coverage|\\.bench|test-results)/',
    },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.d.ts', '.json'],
    },
    skipAnalysisNotInRules: true,
  },
};
