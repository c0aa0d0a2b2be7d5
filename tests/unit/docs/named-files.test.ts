// The README and the docs name files as `path/to/file.ts`; a file that moved leaves the reader at a dead end (issue 28
// found three). Every file the README, docs/architecture.md, docs/quality.md and docs/product.md name in backticks exists, by its
// path from the project's root or as the end of a path in it (the docs say `services/ebay/publish.ts` within api/).
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'

const ROOT = new URL('../../../', import.meta.url)
const DOCS = ['README.md', 'docs/architecture.md', 'docs/quality.md', 'docs/product.md']
/** Made by the build, not kept in the repository. */
const BUILT = /^dist\//
const NAMED_FILE = /`([\w./-]+\.(?:ts|tsx|mjs|js|json|sql|md|css|html))`/g

const trackedFiles = execFileSync('git', ['ls-files'], { cwd: ROOT, encoding: 'utf8' }).split('\n').filter(Boolean)
const exists = (name: string) => trackedFiles.some((file) => file === name || file.endsWith(`/${name}`))

describe('the files the docs name', () => {
  it.each(DOCS)('%s names only files that exist', (doc) => {
    const text = readFileSync(new URL(doc, ROOT), 'utf8')
    const named = [...text.matchAll(NAMED_FILE)].map((match) => match[1]!).filter((name) => !BUILT.test(name))
    expect(named.length).toBeGreaterThan(0)
    expect(named.filter((name) => !exists(name))).toEqual([])
  })
})
