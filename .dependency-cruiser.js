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
