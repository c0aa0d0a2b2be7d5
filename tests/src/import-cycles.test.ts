// No module of the app imports itself through others (docs/decisions/0028): static, dynamic and type imports alike, the
// last of which still tie two modules together. The only check of it (lint's import-x/no-cycle found a subset).
import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import ts from 'typescript'
import { expect, it } from 'vitest'

const root = join(import.meta.dirname, '../..')

/** Each module's imports of our own modules (static, dynamic and type-only), as paths from the repository's root. */
function importGraph(base: string, folders: string[]): Map<string, string[]> {
  const files = folders.flatMap((folder) =>
    readdirSync(join(base, folder), { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.tsx?$/.test(file))
      .map((file) => join(folder, file)),
  )
  return new Map(
    files.map((file) => {
      const { importedFiles } = ts.preProcessFile(readFileSync(join(base, file), 'utf8'), true, true)
      const ours = importedFiles.map(({ fileName }) => fileName).filter((name) => name.startsWith('.'))
      return [file, ours.map((name) => relative(base, resolve(base, dirname(file), name)))]
    }),
  )
}

/** One cycle for each way back found by a depth-first walk: none exactly when the graph has no cycle. */
function cyclesIn(graph: Map<string, string[]>): string[][] {
  const found: string[][] = []
  const state = new Map<string, 'open' | 'done'>()
  const path: string[] = []
  const visit = (file: string) => {
    if (state.get(file) === 'done') return
    if (state.get(file) === 'open') return void found.push([...path.slice(path.indexOf(file)), file])
    state.set(file, 'open')
    path.push(file)
    for (const next of graph.get(file) ?? []) visit(next)
    path.pop()
    state.set(file, 'done')
  }
  for (const file of graph.keys()) visit(file)
  return found
}

it('has no import cycle in src, api or sw, type imports included', () => {
  expect(cyclesIn(importGraph(root, ['src', 'api', 'sw'])).map((cycle) => cycle.join(' → '))).toEqual([])
})
