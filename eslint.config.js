// Lint rules, including the architecture's import boundaries (README.md, Architecture): api/routes → services → db; api/contract
// imports nothing of ours; src/ imports only api/contract from the server side, and the app's type from api/app.ts as a
// type (for hono/client, docs/decisions/0011); src/offline has no React; no feature imports another; only the
// marketplaces' registry imports a marketplace's wing, and no wing imports another (docs/decisions/0068). That no
// module imports itself through others (docs/decisions/0028) is tests/src/import-cycles.test.ts's check, type imports
// included: import-x/no-cycle checked a subset of its graph and parsed every import again.
import { readdirSync } from 'node:fs'
import js from '@eslint/js'
import importX, { createNodeResolver } from 'eslint-plugin-import-x'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

// typescript-eslint's version of the rule, which can let a pattern through as `import type` only.
const restrict = (files, patterns) => ({
  files,
  rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns }] },
})

// The client's one way into the server's code: the route tree's type, for hono/client; erased from the bundle.
const serverSide = [
  { regex: '(^|/)api/(?!contract/|app\\.ts$)', message: 'The app imports only api/contract from the server side.' },
  {
    regex: '(^|/)api/app\\.ts$',
    allowTypeImports: true,
    message: "The app takes only the route tree's type from api/app.ts: `import type { AppType }`.",
  },
]

// The app's features (src/features/<feature>), each a zone the others may not import from: what two features share moves
// below them (src/components, src/hooks, src/lib, src/queries), and what puts features together is src/shell and the
// router (docs/decisions/0028).
const FEATURES = readdirSync(new URL('src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
const SHARED = ['./src/components', './src/hooks', './src/lib', './src/queries', './src/offline']
// Each marketplace's wing (src/marketplaces/<marketplace>): everything of that marketplace on the app. Generic code
// reads it through the registry (registry.ts, and pages.ts for the router), never directly, so it names no
// marketplace; a wing sits below the screens (it imports shared code and the registry's types, no feature).
const WINGS = readdirSync(new URL('src/marketplaces', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
const SRC_OUTSIDE_WINGS = readdirSync(new URL('src', import.meta.url))
  .filter((name) => name !== 'marketplaces')
  .map((name) => `./src/${name}`)
const wingZones = WINGS.flatMap((wing) => [
  {
    target: [
      ...SRC_OUTSIDE_WINGS,
      './sw',
      './src/marketplaces/client-marketplace.ts',
      ...WINGS.filter((other) => other !== wing).map((other) => `./src/marketplaces/${other}`),
    ],
    from: `./src/marketplaces/${wing}`,
    message:
      "Only the registry (src/marketplaces/registry.ts) imports a marketplace's wing, and no wing imports another: read it through the registry.",
  },
  {
    target: `./src/marketplaces/${wing}`,
    from: ['./src/features', './src/shell', './src/router.tsx', './src/marketplaces/registry.ts'],
    message: "A wing sits below the screens: it imports shared code and the registry's types, not a feature.",
  },
])
const featureZones = [
  ...FEATURES.map((feature) => ({
    target: `./src/features/${feature}`,
    from: './src/features',
    except: [`./${feature}`],
    message: 'A feature imports no other feature: move what both need to shared code, or let src/shell pass it in.',
  })),
  {
    target: './src/features',
    from: ['./src/shell', './src/router.tsx'],
    message: 'Features sit below the shell and the router, which put them together.',
  },
  {
    target: SHARED,
    from: ['./src/features', './src/shell', './src/router.tsx', './src/marketplaces'],
    message: 'Shared code knows no feature nor marketplace: move what a feature needs into src/features/<feature>.',
  },
]

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', '.tsc/', 'data/', 'test-results/', 'playwright-report/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
  { files: ['src/**/*.{ts,tsx}'], plugins: { 'react-hooks': reactHooks }, rules: reactHooks.configs.recommended.rules },
  // The app's own modules; the tests and scripts only import them.
  {
    files: ['src/**/*.{ts,tsx}', 'api/**/*.ts', 'sw/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      // Every import of ours names its file, extension included, so Node's resolution finds it; the modules it finds
      // are read with the TypeScript parser above.
      'import-x/resolver-next': [createNodeResolver()],
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
    },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { basePath: import.meta.dirname, zones: [...featureZones, ...wingZones] },
      ],
      // Small files with one job (issue 28): past 300 lines a module has found a second job to move out.
      'max-lines': ['error', { max: 300 }],
    },
  },
  restrict(
    ['api/contract/*.ts'],
    [{ group: ['../*', '!../contract/*'], message: 'api/contract imports nothing of ours (only valibot).' }],
  ),
  // A marketplace's wing of the contract (api/contract/<marketplace>/) reads the contract's generic parts.
  restrict(
    ['api/contract/*/**'],
    [{ group: ['../../*', '!../../contract/*'], message: 'api/contract imports nothing of ours (only valibot).' }],
  ),
  restrict(
    ['api/db/**'],
    [{ regex: '^\\.\\./(\\.\\./)*(services|routes|middleware)/', message: 'api/db is the bottom layer.' }],
  ),
  restrict(
    ['api/services/**'],
    [{ regex: '^\\.\\./(\\.\\./)*(routes|middleware)/', message: 'Services do not depend on HTTP routes.' }],
  ),
  // The app: screens (src/features/<feature>) → queries and hooks → src/offline → api/contract. Shared pieces
  // (src/components, src/hooks, src/lib, src/queries) know no feature (featureZones); src/shell frames and composes
  // the features; src/offline knows no React.
  restrict(['src/**'], serverSide),
  restrict(
    ['src/offline/**'],
    [
      ...serverSide,
      { group: ['react', 'react-dom', '@tanstack/react-*'], message: 'src/offline is plain TypeScript, no React.' },
      {
        regex: '^\\.\\./(components|features|hooks|lib|queries|shell)/',
        message: 'src/offline sits below the screens and their hooks.',
      },
    ],
  ),
  restrict(
    ['sw/**'],
    [
      {
        regex: '^(react|react-dom)$|(^|/)src/(components|features|hooks|lib|queries|shell)/',
        message: 'The service worker has no UI.',
      },
    ],
  ),
)
