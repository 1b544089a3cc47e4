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
      name: 'domain-is-pure',
      severity: 'error',
      comment:
        "A feature's domain/ holds its rules as plain TypeScript (prices, state transitions, errors, events), testable without a database or a container: it imports no ORM (typeorm), no framework (@nestjs/*), no driver (pg), no adapter (infra/) and no start-up code (bootstrap/), not even as types (an EntityManager parameter is already I/O). Entities, SQL and constraint-error readings live in the module's persistence/; Nest services in services/ or beside their handlers.",
      from: { path: '^src/modules/[^/]+/domain/', pathNot: '\\.spec\\.ts$' },
      to: { path: ['^src/(infra|bootstrap)/', '(^|/)node_modules/(typeorm|pg|pg-[^/]+|@nestjs/[^/]+|@types/pg)/'] },
    },
    {
      name: 'domain-depends-on-domain',
      severity: 'error',
      comment:
        "What domain/ runs is its own module's domain/ and common/ (errors, money, events, utilities: common/ knows no adapter, see common-stays-below-infra). It may name other shapes only as types (`import type`), which carry no code: its own module's row shapes and DTOs (coupons' field rules name the coupon row and the merchant's DTO) and another module's public types through its index.ts (ai's rules read accounts' TenantProfile). A run-time import of the module's handlers, persistence or Nest module, or of another module's index (which loads that module), would make the rule impure by the back door. Specs beside the rules may import anything.",
      from: { path: '^src/modules/([^/]+)/domain/', pathNot: '\\.spec\\.ts$' },
      to: { path: '^src/', pathNot: ['^src/modules/$1/domain/', '^src/common/'], dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'dashboard-sees-only-the-client',
      severity: 'error',
      comment:
        'The merchant dashboard (dashboard/) runs in the browser and sees the service only through its API: it imports the generated client (client/src, `@client`) and packages, never server code (src/), tests or scripts. A shape it needs comes from the API document (npm run api:generate), so an API change that breaks it fails its type-check.',
      from: { path: '^dashboard/' },
      to: { path: '^(src|test|migrations|bench|drill|scripts)/' },
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
    exclude: { path: '(^|/)(dist|coverage)/' },
    // node_modules is included (not followed) so that domain-is-pure sees which packages domain/ imports.
    includeOnly: '^(src|dashboard|client)/|(^|/)node_modules/',
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default'],
      extensions: ['.ts', '.tsx', '.mts', '.js', '.json'],
    },
  },
};
