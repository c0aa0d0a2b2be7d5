// What the server renders to HTML: a page as the browser's first render shows it, before any data has arrived, so
// hydrateRoot keeps the markup (docs/decisions/0014). The build renders the public screens signed out
// (scripts/vite-prerender.ts); the API server renders the Dashboard for the signed-in user who asks for it
// (api/signed-in-page.ts, docs/decisions/0019).
import { createMemoryHistory } from '@tanstack/react-router'
import { Suspense, type ReactNode } from 'react'
import { prerender } from 'react-dom/static'
import type { User } from '../api/contract/user.ts'
import { App } from './app.tsx'
import { currentUserQuery } from './queries/session-queries.ts'
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
// matches boundaries by place, so the rendered page gets one at the same spot (tests/e2e/prerender.spec.ts checks
// that the markup is adopted, with no hydration error).
const LikeTheBrowser = ({ children }: { children: ReactNode }) => <Suspense>{children}</Suspense>

/** Renders href for user (null: signed out). prerender (not renderToString) waits for every lazy part: the whole screen. */
export async function renderPage(href: string, user: User | null = null): Promise<RenderedPage> {
  const queryClient = createQueryClient()
  queryClient.setQueryData(currentUserQuery.queryKey, user)
  // Nothing is fetched here: the screen renders its loading state, as the browser's first render does.
  const router = createAppRouter(queryClient, {
    history: createMemoryHistory({ initialEntries: [href] }),
    adoptingMarkup: true,
    prerendering: true,
  })
  router.update({ ...router.options, InnerWrap: LikeTheBrowser })
  try {
    await router.load()
    // A part that fails here would be left for the browser to draw, and the error would be in the page: the whole page
    // is refused instead (the server then sends the page unrendered, the build stops).
    const failures: unknown[] = []
    const { prelude } = await prerender(<App queryClient={queryClient} router={router} />, {
      onError: (error) => void failures.push(error),
    })
    if (failures.length) throw new AggregateError(failures, `Rendering ${href} failed`)
    const html = await new Response(prelude).text()
    const { pathname, searchStr } = router.state.location
    const found = pathname in router.routesByPath
    return {
      html,
      signature: pageSignature({ pathname, search: searchStr, found }),
      status: found ? 200 : 404,
      routePaths: Object.keys(router.routesByPath),
    }
  } finally {
    queryClient.clear()
  }
}
