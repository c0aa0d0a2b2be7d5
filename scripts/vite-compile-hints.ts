// The build step that marks every chunk for V8 to compile while it downloads (docs/decisions/0020).
import { readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { Plugin } from 'vite'
import { afterBundleWritten } from './after-bundle-written.ts'

// V8's explicit compile hint (Chromium 136 and later; a plain comment to other engines): compile every function of the
// file on a background thread while it downloads. Without it V8 compiles each function on the main thread at its first
// call. The app is split by screen and by what loads after the first screen, so what a chunk holds mostly runs once it
// has loaded: on the signed-in Dashboard, compiling on first call was much of the start's blocking time
// (docs/decisions/0020).
const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n'

/**
 * Puts the compile hint first in every chunk (where V8 looks for it), each source map moved down a line with it. Before
 * the pages are prerendered, the service worker lists its precache and the files are compressed (vite.config.ts).
 */
export const compileChunksWhileLoading = (): Plugin =>
  afterBundleWritten('snaplist:compile-hints', 'pre', async ({ bundle, outDir }) => {
    const chunks = Object.values(bundle).filter((output) => output.type === 'chunk')
    await Promise.all(
      chunks.map(async ({ fileName }) => {
        const code = path.join(outDir, fileName)
        await writeFile(code, COMPILE_HINT + (await readFile(code, 'utf8')))
        if (!bundle[`${fileName}.map`]) return
        const map = JSON.parse(await readFile(`${code}.map`, 'utf8')) as { mappings: string }
        await writeFile(`${code}.map`, JSON.stringify({ ...map, mappings: `;${map.mappings}` }))
      }),
    )
  })
