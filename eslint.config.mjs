// @ts-check
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * SQL lives in a module's persistence/ (and infra/, migrations, tests, bench/, drill/, scripts/):
 * anywhere else, no `.query(`, no query builder, no repository, no EntityManager read or write
 * (docs/architecture.md, "Where SQL lives"; issue 27).
 */
const ENTITY_MANAGER_CALLS =
  '/^(find|findOne|findBy|findOneBy|findAndCount|findAndCountBy|count|countBy|exists|existsBy|save|insert|update|upsert|delete|remove|softDelete|restore|increment|decrement|createQueryBuilder)$/';
const SQL_OUTSIDE_PERSISTENCE = [
  { selector: "CallExpression[callee.property.name='query']", message: "SQL belongs in a repository of the module's persistence/." },
  {
    selector: "CallExpression[callee.property.name='createQueryBuilder']",
    message: "Query builders belong in a repository of the module's persistence/.",
  },
  {
    selector: "CallExpression[callee.property.name='getRepository']",
    message: "TypeORM repositories are used in the module's persistence/ only.",
  },
  {
    selector: `CallExpression[callee.object.name=/^(manager|entityManager|em)$/][callee.property.name=${ENTITY_MANAGER_CALLS}]`,
    message: "EntityManager reads and writes belong in a repository of the module's persistence/.",
  },
  {
    selector: `CallExpression[callee.object.property.name='manager'][callee.property.name=${ENTITY_MANAGER_CALLS}]`,
    message: "EntityManager reads and writes belong in a repository of the module's persistence/.",
  },
];
/**
 * Where the rule is on: every module, the start-up and command-line code, and common/ (whose
 * security log and tenant-ownership check reach their tables through ports: security-log.store.ts,
 * context/ports.ts' TenantOwnedRows).
 */
const SQL_RULE_FOLDERS = ['src/bootstrap', 'src/cli', 'src/common', 'src/config', 'src/modules'];

export default tseslint.config(
  // client/src/schema.d.ts is generated (npm run api:generate) and checked against the controllers instead.
  { ignores: ['dist/', 'coverage/', 'node_modules/', 'bench/results/', 'eslint.config.mjs', 'client/src/schema.d.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  prettier,
  {
    languageOptions: {
      globals: { ...globals.node, ...globals.jest },
      parserOptions: {
        projectService: { allowDefaultProject: ['*.js', 'bench/*.js', 'bench/*/*.js', 'drill/*.js', 'test/support/*.js'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // The Nest starter's defaults ...
      '@typescript-eslint/interface-name-prefix': 'off',
      '@typescript-eslint/explicit-function-return-type': 'off',
      '@typescript-eslint/explicit-module-boundary-types': 'off',
      '@typescript-eslint/no-explicit-any': 'off',
      // ... plus: every promise is awaited, returned or explicitly voided,
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { arguments: false, attributes: false } }],
      // and no unused code (unused exports and files are knip's job: `npm run lint`).
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          destructuredArrayIgnorePattern: '^_',
          caughtErrors: 'none',
          ignoreRestSiblings: true,
        },
      ],
      // Query results are typed by the row interfaces the code declares; these rules would ask for a
      // cast on every `manager.query` call without making anything safer.
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/require-await': 'off',
      // Rethrowing what was caught keeps its identity; wrapping it would lose the original.
      '@typescript-eslint/only-throw-error': 'off',
      '@typescript-eslint/prefer-promise-reject-errors': 'off',
      '@typescript-eslint/unbound-method': 'off',
      // Relative imports may not climb out of their unit: use @common/, @infra/, @modules/ ...
      // A package is imported through its public entry points only, never from its build output
      // (`<package>/dist/…`): internals move between versions, and an upgrade would break silently.
      // (Ajv's documented entry point for JSON Schema 2020-12 is `ajv/dist/2020`: the one exception.)
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['../../*'], message: 'Use a path alias (@common/, @infra/, @config/, @modules/, @test/).' },
            {
              regex: '^(?!ajv/dist/2020$)(@[^/]+/)?[^@./][^/]*/dist(/|$)',
              message: "Import the package's public API (what its index exports), not a file of its dist/ build output.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/*.ts', ...SQL_RULE_FOLDERS.map((folder) => `${folder}/**/*.ts`)],
    ignores: ['src/**/persistence/**', 'src/infra/**', 'src/**/*.spec.ts'],
    rules: { 'no-restricted-syntax': ['error', ...SQL_OUTSIDE_PERSISTENCE] },
  },
  {
    // The merchant dashboard runs in the browser; it sees the API only through the generated client.
    files: ['dashboard/**/*.{ts,tsx,mts}'],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['../../../*'], message: 'Keep relative imports within dashboard/src (three levels up is outside it).' },
            {
              regex: '^@(common|config|infra|modules|app|test|migrations)(/|$)',
              message: 'The dashboard imports no server code: only @client and packages.',
            },
          ],
        },
      ],
    },
  },
  {
    // The dashboard's service worker (Web Push): a plain script with the worker's globals.
    files: ['dashboard/public/sw.js'],
    languageOptions: { sourceType: 'script', globals: { ...globals.serviceworker } },
  },
  {
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    ...tseslint.configs.disableTypeChecked,
    rules: { ...tseslint.configs.disableTypeChecked.rules, '@typescript-eslint/no-require-imports': 'off' },
  },
);
