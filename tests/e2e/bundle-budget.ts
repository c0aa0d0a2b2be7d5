// What a screen costs to open: every JavaScript file the page asked for before the screen showed its content, counted
// as the gzip bytes a compressing server sends, and the npm packages inside them (read from the build's source maps).
// What loads after that moment (work deferred past the first screen) is reported apart.
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import type { Page, Response } from '@playwright/test'

export interface LoadedScript {
  path: string
  gzipBytes: number
}

export interface ScriptSet {
  scripts: LoadedScript[]
  gzipBytes: number
  packages: string[]
}

export interface ScreenJavaScript {
  /** Asked for before the screen showed its content. */
  initial: ScriptSet
  /** Asked for afterwards, until the network went quiet. */
  later: ScriptSet
}

/** What the screen shows once it is ready: texts in the page and elements that must exist. */
export interface ReadyWhen {
  texts: string[]
  selectors?: string[]
}

/** The built app the suite's server sends (DIST_DIR's default). */
export const BUILT_APP_DIR = fileURLToPath(new URL('../../dist/', import.meta.url))

const isScript = (response: Response) =>
  response.request().resourceType() === 'script' || new URL(response.url()).pathname.endsWith('.js')

/** node_modules/@scope/name/… or node_modules/name/… → the package's name. */
function packageOf(source: string): string | undefined {
  return /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(source)?.[1]
}

/**
 * The packages a script was built from, by its source map; a script without one (the bundler's runtime) has none. The
 * map is read from the build: the server never sends source maps (issue 27, F15).
 */
async function packagesIn(scriptUrl: string, body: string): Promise<string[]> {
  const mapPath = /\/\/# sourceMappingURL=(\S+)\s*$/.exec(body)?.[1]
  if (!mapPath) return []
  const file = path.join(BUILT_APP_DIR, new URL(mapPath, scriptUrl).pathname)
  const text = await readFile(file, 'utf8').catch(() => {
    throw new Error(`${scriptUrl} names a source map that is not in the build (${file})`)
  })
  const { sources } = JSON.parse(text) as { sources: string[] }
  return sources.map(packageOf).filter((name) => name !== undefined)
}

async function describe(page: Page, responses: Response[]): Promise<ScriptSet> {
  const loaded = await Promise.all(
    responses.map(async (response) => {
      const body = await response.body()
      const script = { path: new URL(response.url()).pathname, gzipBytes: gzipSync(body).length }
      return { script, packages: await packagesIn(response.url(), body.toString('utf8')) }
    }),
  )
  const scripts = loaded.map(({ script }) => script)
  const packages = [...new Set(loaded.flatMap((entry) => entry.packages))].sort()
  return { scripts, gzipBytes: scripts.reduce((sum, script) => sum + script.gzipBytes, 0), packages }
}

/**
 * Opens `path` with an empty cache. The moment the screen is ready is taken inside the page, by a check that runs every
 * frame from before the app's first script, and the scripts are split by when the page asked for them (Resource
 * Timing): the split does not depend on how quickly the test notices.
 */
export async function javascriptToOpen(page: Page, path: string, ready: ReadyWhen): Promise<ScreenJavaScript> {
  await page.addInitScript(({ texts, selectors = [] }) => {
    const shown = () =>
      texts.every((text) => document.body?.innerText.includes(text)) &&
      selectors.every((selector) => document.querySelector(selector))
    const check = () =>
      shown()
        ? ((window as Window & { screenReadyAt?: number }).screenReadyAt = performance.now())
        : requestAnimationFrame(check)
    requestAnimationFrame(check)
  }, ready)
  const responses: Response[] = []
  const collect = (response: Response) => void (isScript(response) && responses.push(response))
  page.on('response', collect)
  await page.goto(path)
  const readyAt = await page.waitForFunction(() => (window as Window & { screenReadyAt?: number }).screenReadyAt)
  const readyTime = (await readyAt.jsonValue()) as number
  await page.waitForLoadState('networkidle')
  page.off('response', collect)

  const askedBefore = new Set(
    await page.evaluate(
      (time) =>
        performance
          .getEntriesByType('resource')
          .filter((entry) => entry.startTime <= time)
          .map((entry) => entry.name),
      readyTime,
    ),
  )
  const initial = responses.filter((response) => askedBefore.has(response.url()))
  return {
    initial: await describe(page, initial),
    later: await describe(
      page,
      responses.filter((response) => !initial.includes(response)),
    ),
  }
}

export const kilobytes = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`
