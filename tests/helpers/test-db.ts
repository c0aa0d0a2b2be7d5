// Which database this run of the API suites is on (vitest.config.ts): embedded PGlite always, then the Postgres server
// when DATABASE_URL is set. The second run is for what the database decides (SQL over a pool of connections, races,
// LISTEN): a test whose subject is not the database (a server process's start, mail through SMTP, a timing sample)
// asserts the same thing twice there, and skips itself with `describe.skipIf(onPostgresRerun)`.
export const onPostgresRerun = process.env.TEST_DB === 'postgres'
