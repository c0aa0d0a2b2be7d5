// What the build writes to dist/pages.json (scripts/vite-prerender.ts) and the server reads (api/static.ts): which file
// answers which address, and what the server needs to know about the built pages.
import type { ServerFiles } from './signed-in-page.ts'

export const PAGES_MANIFEST = 'pages.json'

export interface PagesManifest {
  /** Path → the prerendered HTML file the server sends, e.g. '/auth' → 'served/auth.html'. */
  pages: Record<string, string>
  /** Every path a route has; they get appPage (signed-in screens, callbacks) unless prerendered. */
  routes: string[]
  /** The app's page with no screen drawn, its stylesheet inlined: the browser draws the screen ('served/index.html'). */
  appPage: string
  /** The page for a path no route has. */
  notFound: string
  /** The code of the signed-in frame and the Dashboard, for the server to hint when a session cookie comes along. */
  shellPreloads: string[]
  /** What only the server reads (never served): src/entry-server.tsx built for Node, and the signed-in page's template. */
  server: ServerFiles
  /** The Content-Security-Policy sources ('sha256-…') of the stylesheet inlined in the pages the server sends (0021). */
  inlineStyleHashes: string[]
}
