import { defineConfig } from 'vitest/config'

// API tests run on embedded PGlite always, and again on the Postgres server when DATABASE_URL is set.
const apiProject = (name: string, testDb: string) => ({
  test: { name, include: ['tests/api/**/*.test.ts'], environment: 'node', env: { TEST_DB: testDb }, testTimeout: 30_000, hookTimeout: 60_000 },
})

export default defineConfig({
  test: {
    projects: [
      apiProject('api-pglite', 'pglite'),
      ...(process.env.DATABASE_URL ? [apiProject('api-postgres', 'postgres')] : []),
      // These start the API on PGlite too, which takes more than vitest's default 10 s on a loaded machine.
      { test: { name: 'src', include: ['tests/src/**/*.test.{ts,tsx}'], environment: 'node', testTimeout: 30_000, hookTimeout: 60_000 } },
    ],
  },
})
