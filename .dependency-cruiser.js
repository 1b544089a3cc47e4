/**
 * Boundaries between the parts of src/ (docs/architecture.md). `npm run lint` runs this; a
 * violation fails CI. Tests and the benchmark may import anything, so they are not checked here.
 */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'A cycle makes two parts one: split what they share into a third, or invert one edge.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'shared-code-stays-below-features',
      severity: 'error',
      comment: 'common/, infra/ and config/ serve every feature and know none of them.',
      from: { path: '^src/(common|infra|config)/' },
      to: { path: '^src/modules/' },
    },
    {
      name: 'config-is-a-leaf',
      severity: 'error',
      comment:
        'config/ is read by every layer, so it reads none: the environment schema, its rules and parsers use only packages. Starting things the environment asks for (the embedded PostgreSQL, a generated APP_KEY) is start-up work, in bootstrap/.',
      from: { path: '^src/config/' },
      to: { path: '^src/', pathNot: '^src/config/' },
    },
    {
      name: 'common-stays-below-infra',
      severity: 'error',
      comment:
        'common/ is the code every layer may use (errors, the request context, HTTP helpers): it knows no adapter (infra/), no start-up code (bootstrap/) and no entry point. What it needs from an adapter is a port declared in common/ and provided by infra/ (common/errors/unavailable-answers.ts).',
      from: { path: '^src/common/' },
      to: { path: '^src/(infra|bootstrap)/|^src/[^/]+\\.tsx?$' },
    },
    {
      name: 'infra-below-bootstrap',
      severity: 'error',
      comment:
        'infra/ holds adapters the app is assembled from; start-up (bootstrap/) and the entry points use them, never the other way round. An adapter that needs what start-up resolved reads it from the configuration.',
      from: { path: '^src/infra/' },
      to: { path: '^src/bootstrap/|^src/[^/]+\\.tsx?$' },
    },
    {
      name: 'bootstrap-only-from-entry-points',
      severity: 'error',
      comment:
        'bootstrap/ starts a process (the embedded PostgreSQL, the HTTP app, the worker context): only an entry point (src/*.ts) may run it, so no feature or adapter can start or reconfigure the process as a side effect of an import.',
      from: { pathNot: '^src/bootstrap/|^src/[^/]+\\.tsx?$' },
      to: { path: '^src/bootstrap/' },
    },
    {
      name: 'modules-through-public-files',
      severity: 'error',
      comment:
        "A module is entered only through its public file (src/modules/<name>/index.ts): its module class, exported services, commands, events and types. Everything else is the module's own business.",
      from: { path: '^src/modules/([^/]+)/' },
      to: { path: '^src/modules/([^/]+)/', pathNot: ['^src/modules/$1/', '^src/modules/[^/]+/index\\.ts$'] },
    },
    {
      name: 'entry-points-through-public-files',
      severity: 'error',
      comment: 'The app, the CLI and the entry points assemble modules through their public files too.',
      from: { path: '^src/[^/]+\\.tsx?$|^src/cli/' },
      to: { path: '^src/modules/', pathNot: '^src/modules/[^/]+/index\\.ts$' },
    },
    {
      name: 'not-to-unresolvable',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|coverage|node_modules)/' },
    includeOnly: '^src/',
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default'],
      extensions: ['.ts', '.tsx', '.js', '.json'],
    },
  },
};
