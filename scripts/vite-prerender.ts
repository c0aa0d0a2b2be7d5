// The build step that prerenders the public screens (docs/decisions/0014): each rendered to HTML with preload hints for
// its own code, and the renderer and page template the API server renders the signed-in Dashboard with
// (docs/decisions/0019). The other steps after the bundle: vite-compile-hints.ts and vite-precompress.ts.
import { createHash } from 'node:crypto'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import react from '@vitejs/plugin-react'
import { build, type Plugin, type Rolldown } from 'vite'
import { PAGES_MANIFEST, type PagesManifest } from '../api/pages-manifest.ts'
import { afterBundleWritten } from './after-bundle-written.ts'
import { START_ON_USE, startAfterFirstPaint } from './page-starter.ts'

/** What only the server reads: the renderer and the signed-in page's template. */
export const SERVER_DIR = 'server'
/** The public pages as the server sends them, their stylesheet inlined (stylesheetInliner). */
const SERVED_DIR = 'served'
/**
 * What the service worker never precaches: what only the server reads, the pages it sends (the worker keeps its own),
 * and the source maps, which the server never sends either (api/static.ts).
 */
export const NOT_PRECACHED = [`${SERVER_DIR}/**`, `${SERVED_DIR}/**`, '**/*.map']

interface Page {
  /** The address rendered; its file is named after the path. */
  href: string
  /** Its first screen waits on a request of its own (a link's token being checked): the app starts after the paint, not on first use. */
  startsAtOnce?: boolean
  /** Settings it fetches (one of its `fetches`) that, if any of them is on, need the app at once. */
  startsAtOnceIf?: string
  /** The screen's module, whose chunk (and what it imports) the page preloads. */
  module?: string
  /** Requests the screen makes once hydrated, started with the document instead. */
  fetches?: string[]
}

// The screens anyone can open (docs/product.md §2), as a first visitor sees them. /reset-password is rendered as it
// opens from the emailed link (checking its token); without a token the browser renders the screen itself.
const PAGES: Page[] = [
  {
    href: '/auth',
    module: 'src/features/auth/auth.tsx',
    fetches: ['/api/auth/config'],
    startsAtOnceIf: '/api/auth/config',
  },
  { href: '/forgot-password', module: 'src/features/auth/forgot-password.tsx' },
  { href: '/reset-password?token=from-the-email', module: 'src/features/auth/reset-password.tsx', startsAtOnce: true },
  { href: '/privacy-policy', module: 'src/features/legal/privacy-policy.tsx' },
  { href: '/terms-of-service', module: 'src/features/legal/terms-of-service.tsx' },
  { href: '/integrate-with-etsy', module: 'src/marketplaces/etsy/integrate-with-etsy.tsx' },
  { href: '/404' },
]
const SHELL_MODULES = ['src/shell/AppShell.tsx', 'src/shell/dashboard.tsx']

interface RenderedPage {
  html: string
  signature: string
  status: number
  routePaths: string[]
}

const fileOf = (page: Page) => `${new URL(page.href, 'http://x').pathname.slice(1)}.html`

/**
 * A chunk's file and every chunk it imports statically, transitively (what runs before its screen can render), each
 * after the chunks it imports: the order they run in.
 */
function chunkClosure(
  bundle: Rolldown.OutputBundle,
  fileName: string,
  seen = new Set<string>(),
  order: string[] = [],
): string[] {
  const chunk = bundle[fileName]
  if (seen.has(fileName) || chunk?.type !== 'chunk') return order
  seen.add(fileName)
  for (const imported of chunk.imports) chunkClosure(bundle, imported, seen, order)
  order.push(fileName)
  return order
}

/** The chunk holding a module's own code. */
function chunkRunning(bundle: Rolldown.OutputBundle, id: string): Rolldown.OutputChunk {
  const chunk = Object.values(bundle).find((output) => output.type === 'chunk' && output.moduleIds.includes(id))
  if (chunk?.type !== 'chunk')
    throw new Error(`Prerender: no chunk holds ${id}; the page list in scripts/vite-prerender.ts is out of date.`)
  return chunk
}

/** The chunk holding a module (its own, or a group's that took it in, vite.config.ts) and what that chunk imports. */
const chunksOfModule = (bundle: Rolldown.OutputBundle, root: string, module: string): string[] =>
  chunkClosure(bundle, chunkRunning(bundle, path.resolve(root, module)).fileName)

/**
 * Builds src/entry-server.tsx for Node into the build's server folder (its packages resolve from the project's
 * node_modules, where the API server runs) and loads it: the build prerenders with it, the API server renders with it.
 */
async function buildRenderer(
  root: string,
  outDir: string,
): Promise<{ file: string; renderPage: (href: string) => Promise<RenderedPage> }> {
  await build({
    configFile: false,
    root,
    logLevel: 'warn',
    plugins: [react()],
    // The icons and other public files are the browser's, already in the build.
    publicDir: false,
    // Whole, with React's production build inside: the API server loads it whatever its NODE_ENV, and React's
    // development build would be slower and put its error details in the page.
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    ssr: { noExternal: true },
    build: {
      ssr: 'src/entry-server.tsx',
      outDir: path.join(outDir, SERVER_DIR),
      emptyOutDir: true,
      minify: false,
      sourcemap: false,
    },
  })
  const file = `${SERVER_DIR}/entry-server.js`
  const module = (await import(pathToFileURL(path.join(outDir, file)).href)) as {
    renderPage: (href: string) => Promise<RenderedPage>
  }
  return { file, renderPage: module.renderPage }
}

/**
 * The app's stylesheet in the page itself rather than linked, for the pages the server sends: a linked one is a request
 * the first paint waits for, a round trip on a phone's network (docs/decisions/0021). The copies the service worker
 * keeps go on linking it: from its cache the stylesheet costs no round trip, and one file is kept instead of a copy in
 * every page. The server's policy allows exactly this text by its hash (never 'unsafe-inline').
 */
async function stylesheetInliner(
  outDir: string,
  html: string,
): Promise<{ inline(page: string): string; hash: string }> {
  const link = /<link rel="stylesheet" crossorigin href="\/([^"]+\.css)">/.exec(html)
  if (!link) throw new Error('Prerender: index.html links no stylesheet')
  // A stylesheet's text cannot end its <style> element early: only "</style" could, and CSS has no use for it.
  const css = (await readFile(path.join(outDir, link[1]!), 'utf8')).trimEnd()
  if (/<\/style/i.test(css))
    throw new Error(`Prerender: ${link[1]} holds "</style", which would end the inlined element`)
  return {
    inline: (page) => page.replace(link[0], () => `<style>${css}</style>`),
    hash: `'sha256-${createHash('sha256').update(css).digest('base64')}'`,
  }
}

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;')
// The app's requests carry the session cookie (src/lib/api.ts), so their preloads must too, or the browser fetches twice.
const fetchPreload = (url: string) => `<link rel="preload" href="${url}" as="fetch" crossorigin="use-credentials">`

/** The page's chunks for the starter to ask for, and its other requests hinted in the head. */
function withHints(html: string, chunks: string[], fetches: string[]): string {
  const withChunks = html.replace(
    'data-chunks=""',
    `data-chunks="${[...new Set(chunks)].map((file) => `/${file}`).join(' ')}"`,
  )
  return fetches.length
    ? withChunks.replace('</head>', `  ${fetches.map(fetchPreload).join('\n    ')}\n  </head>`)
    : withChunks
}

/** #root's attributes: what the page was rendered for, and when its app starts (scripts/page-starter.ts). */
function rootAttributes(page: Page, rendered: RenderedPage): string {
  const attributes = [`data-prerendered="${escapeAttribute(rendered.signature)}"`]
  if (!page.startsAtOnce) attributes.push(`data-start="${START_ON_USE}"`)
  if (page.startsAtOnceIf) attributes.push(`data-start-unless="${escapeAttribute(page.startsAtOnceIf)}"`)
  return attributes.join(' ')
}

function pageHtml(template: string, page: Page, rendered: RenderedPage, chunks: string[]): string {
  const root = `<div id="root" ${rootAttributes(page, rendered)}>${rendered.html}</div>`
  return withHints(template.replace('<div id="root"></div>', root), chunks, page.fetches ?? [])
}

// Before vite-plugin-pwa lists the files to precache (its closeBundle runs after, see vite.config.ts), so the service
// worker precaches these pages with their true revisions.
export const prerenderPublicPages = (): Plugin =>
  afterBundleWritten('snaplist:prerender', 'pre', async ({ bundle, outDir, root }) => {
    // The chunk that runs the app (src/main.tsx, the entry of index.html) and what it imports: on every page already.
    const entry = chunkRunning(bundle, path.resolve(root, 'src/main.tsx'))
    const appChunks = chunkClosure(bundle, entry.fileName)
    const template = await startAfterFirstPaint(
      outDir,
      await readFile(path.join(outDir, 'index.html'), 'utf8'),
      entry.fileName,
    )
    const stylesheet = await stylesheetInliner(outDir, template)
    const appPage = withHints(template, appChunks, [])
    await writeFile(path.join(outDir, 'index.html'), appPage)
    const laterChunks = (module: string) =>
      chunksOfModule(bundle, root, module).filter((file) => !appChunks.includes(file))
    const renderer = await buildRenderer(root, outDir)
    const shellChunks = [...new Set(SHELL_MODULES.flatMap(laterChunks))]
    const signedInTemplate = `${SERVER_DIR}/signed-in.html`
    // The signed-in page's chunks start after its first paint like a public page's (no preload hints in its head).
    await writeFile(
      path.join(outDir, signedInTemplate),
      stylesheet.inline(withHints(template, [...appChunks, ...shellChunks], [])),
    )
    await mkdir(path.join(outDir, SERVED_DIR), { recursive: true })
    // The service worker keeps index.html; the server sends this copy, so a screen the browser draws paints styled too.
    const servedAppPage = `${SERVED_DIR}/index.html`
    await writeFile(path.join(outDir, servedAppPage), stylesheet.inline(appPage))
    const manifest: PagesManifest = {
      pages: {},
      routes: [],
      appPage: servedAppPage,
      notFound: '',
      shellPreloads: shellChunks.map((file) => `/${file}`),
      server: { dir: SERVER_DIR, renderer: renderer.file, signedInTemplate },
      inlineStyleHashes: [stylesheet.hash],
    }
    for (const page of PAGES) {
      const rendered = await renderer.renderPage(page.href)
      const chunks = [...appChunks, ...(page.module ? laterChunks(page.module) : [])]
      const html = pageHtml(template, page, rendered, chunks)
      // The service worker's copy (precached, and opened from its cache by path), and the one the server sends.
      await writeFile(path.join(outDir, fileOf(page)), html)
      const served = `${SERVED_DIR}/${fileOf(page)}`
      await writeFile(path.join(outDir, served), stylesheet.inline(html))
      if (rendered.status === 404) manifest.notFound = served
      else manifest.pages[new URL(page.href, 'http://x').pathname] = served
      manifest.routes = rendered.routePaths
    }
    await writeFile(path.join(outDir, PAGES_MANIFEST), JSON.stringify(manifest, null, 2))
  })
