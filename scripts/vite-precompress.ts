// The build step that compresses every text file once (brotli and gzip), and the barcode decoder's WebAssembly (a
// third of its size), for the server to send as it is.
import { readFile, readdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib'
import type { Plugin } from 'vite'
import { afterBundleWritten } from './after-bundle-written.ts'
import { SERVER_DIR } from './vite-prerender.ts'

const COMPRESSIBLE = /\.(js|css|html|svg|json|webmanifest|txt|wasm)$/

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true })
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name))
}

/**
 * Writes file.br and file.gz beside each text file, at the highest levels: it happens once, at build. After the
 * service worker is written (this step comes after vite-plugin-pwa, both 'post'), so sw.js is included.
 */
export const precompressAssets = (): Plugin =>
  afterBundleWritten('snaplist:precompress', 'post', async ({ outDir }) => {
    // The server folder is read by the server itself, never sent.
    const serverDir = path.join(outDir, SERVER_DIR) + path.sep
    const files = (await filesUnder(outDir)).filter((file) => COMPRESSIBLE.test(file) && !file.startsWith(serverDir))
    await Promise.all(
      files.map(async (file) => {
        const content = await readFile(file)
        const brotli = promisify(brotliCompress)(content, {
          params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: content.length },
        })
        const gzipped = promisify(gzip)(content, { level: 9 })
        await Promise.all([writeFile(`${file}.br`, await brotli), writeFile(`${file}.gz`, await gzipped)])
      }),
    )
  })
