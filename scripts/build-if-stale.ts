// Runs before npm start: builds the app when dist/ is missing or older than any of its sources.
import { execFileSync } from 'node:child_process'
import { readdirSync, statSync } from 'node:fs'
import path from 'node:path'

const SOURCES = [
  'src',
  'sw',
  'public',
  'api/contract',
  'index.html',
  'vite.config.ts',
  'scripts/vite-prerender.ts',
  'scripts/vite-compile-hints.ts',
  'scripts/vite-precompress.ts',
  'scripts/after-bundle-written.ts',
  'package-lock.json',
]
const BUILT = path.resolve(process.env.DIST_DIR || 'dist', 'index.html')

function newestMtime(entry: string): number {
  const stats = statSync(entry, { throwIfNoEntry: false })
  if (!stats) return 0
  if (!stats.isDirectory()) return stats.mtimeMs
  return Math.max(0, ...readdirSync(entry).map((child) => newestMtime(path.join(entry, child))))
}

const builtAt = statSync(BUILT, { throwIfNoEntry: false })?.mtimeMs ?? 0
const changedAt = Math.max(...SOURCES.map(newestMtime))
if (changedAt > builtAt) {
  console.log(
    builtAt ? 'Sources changed since the last build: rebuilding the app.' : 'No build found: building the app.',
  )
  execFileSync(
    'npx',
    ['vite', 'build', '--logLevel', 'warn', ...(process.env.DIST_DIR ? ['--outDir', process.env.DIST_DIR] : [])],
    { stdio: 'inherit' },
  )
}
