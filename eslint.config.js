// Lint rules, including the architecture's import boundaries (README.md, Architecture): api/routes → services → db; api/contract
// imports nothing of ours; src/ imports only api/contract from the server side; src/offline has no React.
import js from '@eslint/js'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

const restrict = (files, patterns) => ({ files, rules: { 'no-restricted-imports': ['error', { patterns }] } })

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'data/', 'test-results/', 'playwright-report/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
  { files: ['src/**/*.{ts,tsx}'], plugins: { 'react-hooks': reactHooks }, rules: reactHooks.configs.recommended.rules },
  restrict(['api/contract/**'], [{ group: ['../*', '!../contract/*'], message: 'api/contract imports nothing of ours (only valibot).' }]),
  restrict(['api/db/**'], [{ group: ['../services/*', '../routes/*', '../middleware/*'], message: 'api/db is the bottom layer.' }]),
  restrict(['api/services/**'], [{ group: ['../routes/*', '../middleware/*'], message: 'Services do not depend on HTTP routes.' }]),
  restrict(['src/**'], [
    { regex: '(^|/)api/(?!contract/)', message: 'The app imports only api/contract from the server side.' },
  ]),
  restrict(['src/offline/**'], [{ group: ['react', 'react-dom', '@tanstack/react-*', '../components/*', '../routes/*'], message: 'src/offline is plain TypeScript, no React.' }]),
  restrict(['sw/**'], [{ group: ['react', 'react-dom', '../src/components/*', '../src/routes/*'], message: 'The service worker has no UI.' }]),
)
