// Run after every install (package.json "postinstall"): mends two faults of postgres.js 3.4.9 that show when the
// database server restarts, until a release fixes them (porsager/postgres#1154, #1208; PRs #1168, #1209).
//  1. A small write is flushed on the next tick; if the socket closed in between (a transaction's ROLLBACK after its
//     connection died), the flush reads a null socket and the uncaught TypeError ends the whole API process.
//     Patched: the flush finds no socket, drops the bytes and rejects the waiting queries with CONNECTION_CLOSED.
//  2. Closing a socket cancels a pending flush but leaves its timer set, so on that pool slot no write is flushed
//     again: every reconnect times out until the process restarts. Patched: closing clears the timer and the bytes.
//  3. A socket that failed (ECONNRESET) keeps a reference to the query it already rejected, so sql.end() at shutdown
//     waits for it until its timeout. Patched: closing forgets it.
import { readFileSync, writeFileSync } from 'node:fs'

const PACKAGE = 'node_modules/postgres'
const PATCHED_VERSION = '3.4.9'
const BUILDS = ['src', 'cjs/src', 'cf/src']

const fixes = [
  {
    find: '  function nextWrite(fn) {\n    const x = socket.write(chunk, fn)\n',
    replace:
      '  function nextWrite(fn) {\n' +
      '    if (!socket) {\n' +
      '      chunk = nextWriteTimer = null\n' +
      "      error(Errors.connection('CONNECTION_CLOSED', options))\n" +
      '      return false\n' +
      '    }\n' +
      '    const x = socket.write(chunk, fn)\n',
    count: 1,
  },
  {
    find: '    clearImmediate(nextWriteTimer)\n    if (socket) {\n',
    replace: '    clearImmediate(nextWriteTimer)\n    chunk = nextWriteTimer = null\n    if (socket) {\n',
    count: 1,
  },
  {
    find: "    clearImmediate(nextWriteTimer)\n    socket.removeListener('data', data)\n",
    replace:
      "    clearImmediate(nextWriteTimer)\n    chunk = nextWriteTimer = null\n    socket.removeListener('data', data)\n",
    count: 1,
  },
  {
    find: "    !hadError && (query || sent.length) && error(Errors.connection('CONNECTION_CLOSED', options, socket))\n",
    replace:
      "    !hadError && (query || sent.length) && error(Errors.connection('CONNECTION_CLOSED', options, socket))\n    query = null\n",
    count: 1,
  },
]

const { version } = JSON.parse(readFileSync(`${PACKAGE}/package.json`, 'utf8'))
if (version !== PATCHED_VERSION) {
  console.warn(
    `scripts/patch-postgres.mjs: postgres ${version} is installed, the patch is for ${PATCHED_VERSION}. Check that this release ` +
      'fixes porsager/postgres#1154 and #1208 (tests/api/db/client.test.ts shows it), then remove the script or port it.',
  )
  process.exit(0)
}

for (const build of BUILDS) {
  const file = `${PACKAGE}/${build}/connection.js`
  let source = readFileSync(file, 'utf8')
  if (source.includes(fixes[0].replace)) continue
  for (const { find, replace, count } of fixes) {
    const found = source.split(find).length - 1
    if (found !== count)
      throw new Error(
        `${file}: expected ${count} occurrence(s) of ${JSON.stringify(find)}, found ${found}; the patch no longer fits.`,
      )
    source = source.replace(find, replace)
  }
  writeFileSync(file, source)
}
