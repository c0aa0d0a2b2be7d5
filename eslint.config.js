// Lint rules, including the architecture's import boundaries (README.md, Architecture): api/routes → services → db; api/contract
// imports nothing of ours; src/ imports only api/contract from the server side, and the app's type from api/app.ts as a
// type (for hono/client, docs/decisions/0011); src/offline has no React.
import js from '@eslint/js'
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
  restrict(
    ['api/contract/**'],
    [{ group: ['../*', '!../contract/*'], message: 'api/contract imports nothing of ours (only valibot).' }],
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
  // (src/components, src/hooks, src/lib) know no feature; src/shell frames them; src/offline knows no React.
  restrict(['src/**'], serverSide),
  restrict(
    ['src/components/**', 'src/hooks/**', 'src/lib/**'],
    [
      ...serverSide,
      {
        regex: '(^|/)features/',
        message: 'Shared pieces know no feature: move what a feature needs into src/features/<feature>.',
      },
    ],
  ),
  restrict(
    ['src/offline/**'],
    [
      ...serverSide,
      { group: ['react', 'react-dom', '@tanstack/react-*'], message: 'src/offline is plain TypeScript, no React.' },
      {
        regex: '^\\.\\./(components|features|hooks|lib)/',
        message: 'src/offline sits below the screens and their hooks.',
      },
    ],
  ),
  restrict(
    ['sw/**'],
    [
      {
        regex: '^(react|react-dom)$|(^|/)src/(components|features|hooks|lib)/',
        message: 'The service worker has no UI.',
      },
    ],
  ),
)
