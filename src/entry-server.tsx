// What the build renders to HTML (scripts/vite-prerender.ts): a page as a first visitor sees it, signed out, before any
// data has arrived, which is exactly what the browser's first render shows, so hydrateRoot keeps the markup
// (docs/decisions/0014).
import { createMemoryHistory } from '@tanstack/react-router'
import { Suspense, type ReactNode } from 'react'
import { prerender } from 'react-dom/static'
import { App } from './app.tsx'
import { currentUserQuery } from './features/auth/session-queries.ts'
import { pageSignature } from './lib/prerendered.ts'
import { createQueryClient } from './lib/query-client.ts'
import { createAppRouter } from './router.tsx'

export interface RenderedPage {
  /** The markup inside #root. */
  html: string
  /** What the browser compares before it hydrates (src/lib/prerendered.ts). */
  signature: string
  /** 404 for a path no route has, else 200. */
  status: number
  /** Every path the router has a screen for: the server answers others with the prerendered 404. */
  routePaths: string[]
}

// In the browser the router wraps its screens in a Suspense boundary that its server rendering leaves out; hydration
// matches boundaries by place, so the prerendered page gets one at the same spot (tests/e2e/prerender.spec.ts checks
// that the markup is adopted, with no hydration error).
const LikeTheBrowser = ({ children }: { children: ReactNode }) => <Suspense>{children}</Suspense>

export async function renderPage(href: string): Promise<RenderedPage> {
  const queryClient = createQueryClient()
  queryClient.setQueryData(currentUserQuery.queryKey, null)
  const router = createAppRouter(queryClient, { history: createMemoryHistory({ initialEntries: [href] }) })
  router.update({ ...router.options, InnerWrap: LikeTheBrowser })
  await router.load()
  // prerender (not renderToString) waits for every lazy part, so the HTML is the whole screen.
  const { prelude } = await prerender(<App queryClient={queryClient} router={router} />)
  const html = await new Response(prelude).text()
  const { pathname, searchStr } = router.state.location
  const found = pathname in router.routesByPath
  return { html, signature: pageSignature({ pathname, search: searchStr, found }), status: found ? 200 : 404, routePaths: Object.keys(router.routesByPath) }
}
