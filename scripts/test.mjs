// npm test: typecheck, lint, the unit and API suites (vitest), then the browser suite (Playwright on Debian's
// Chromium) against a fresh build. Ends with one line, "N passed, N failed", summed over every suite.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs'
import path from 'node:path'

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const inCi = process.env.CI === 'true' || process.env.CI === '1'
const totals = { passed: 0, failed: 0, skipped: 0 }
/** The failed tests by name, and those that passed only when run again, repeated at the end: CI keeps only the tail. */
const failures = []
const flaky = []

function run(title, command, args) {
  console.log(`\n▶ ${title}: ${command} ${args.join(' ')}`)
  const started = Date.now()
  const { status } = spawnSync(command, args, { stdio: 'inherit', env: process.env })
  console.log(
    `◀ ${title} ${status === 0 ? 'ok' : `failed (exit ${status})`} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  )
  return status === 0
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'))
  } catch {
    return undefined
  }
}

/** A check with no test count of its own (typecheck, lint, build) counts as one test. */
function check(title, command, args) {
  const ok = run(title, command, args)
  totals[ok ? 'passed' : 'failed'] += 1
  if (!ok) failures.push(title)
  return ok
}

function vitest() {
  rmSync('test-results/vitest.json', { force: true })
  const ok = run('unit and API tests', 'npx', [
    'vitest',
    'run',
    '--reporter=default',
    '--reporter=json',
    '--outputFile.json=test-results/vitest.json',
  ])
  const report = readJson('test-results/vitest.json')
  if (!report) return void (totals.failed += 1)
  totals.passed += report.numPassedTests
  totals.failed += report.numFailedTests + (ok || report.numFailedTests ? 0 : 1)
  totals.skipped += report.numPendingTests + report.numTodoTests
  for (const file of report.testResults) {
    for (const test of file.assertionResults) {
      const name = `${path.relative(process.cwd(), file.name)} › ${test.fullName}`
      if (test.status === 'failed') failures.push(name)
      // Passed, with the failures of the runs before: it passed when run again.
      else if (test.status === 'passed' && test.failureMessages.length) flaky.push(name)
    }
  }
}

/** Playwright's JSON report nests suites (files, describes) around specs, each run by one or more projects. */
function specsWith(status, suite, titles = []) {
  const here = suite.title ? [...titles, suite.title] : titles
  const own = (suite.specs ?? []).flatMap((spec) =>
    spec.tests
      .filter((test) => test.status === status)
      .map((test) => `[${test.projectName}] ${[...here, spec.title].join(' › ')}`),
  )
  return [...own, ...(suite.suites ?? []).flatMap((child) => specsWith(status, child, here))]
}

function playwright() {
  if (!existsSync(CHROMIUM)) {
    if (inCi) {
      console.error(`\nChromium is required for the browser suite in CI and was not found at ${CHROMIUM}.`)
      return void (totals.failed += 1)
    }
    console.log(
      `\nSkipping the browser suite: no Chromium at ${CHROMIUM} (apt-get install -y chromium, or set CHROMIUM_PATH).`,
    )
    return
  }
  if (!check('build for the browser suite', 'npx', ['vite', 'build', '--logLevel', 'warn'])) return
  rmSync('test-results/e2e.json', { force: true })
  const ok = run('browser tests', 'npx', ['playwright', 'test'])
  const report = readJson('test-results/e2e.json')
  const stats = report?.stats
  if (!stats) return void (totals.failed += 1)
  for (const suite of report.suites) {
    failures.push(...specsWith('unexpected', suite))
    flaky.push(...specsWith('flaky', suite))
  }
  totals.passed += stats.expected + stats.flaky
  totals.failed += stats.unexpected + (ok || stats.unexpected ? 0 : 1)
  totals.skipped += stats.skipped
}

mkdirSync('test-results', { recursive: true })
check('typecheck', 'npx', ['tsc', '-b'])
check('lint', 'npx', ['eslint', '.', '--max-warnings', '0'])
// The formatter's layout (.prettierrc.json): `npm run format` writes it.
check('format', 'npx', ['prettier', '--check', '.'])
vitest()
playwright()

if (flaky.length) console.log(`\nPassed when run again:\n${flaky.map((name) => `  ~ ${name}`).join('\n')}`)
if (failures.length) console.log(`\nFailed:\n${failures.map((name) => `  ✗ ${name}`).join('\n')}`)
console.log(`\n${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`)
process.exit(totals.failed === 0 ? 0 : 1)
