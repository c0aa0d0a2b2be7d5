// Draws a screen as the app does for a signed-in seller: the query client, with the seller already loaded, and a router
// (a memory history) whose one route is the screen. Nothing is fetched unless a test answers it (answerFetch).
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router'
import { render } from '@testing-library/react'
import type { ReactNode } from 'react'
import { vi } from 'vitest'
import type { User } from '../../api/contract/user.ts'
import { currentUserQuery } from '../../src/queries/session-queries.ts'

export const SELLER: User = {
  id: 7,
  username: 'sam',
  email: 'sam@example.com',
  firstName: 'Sam',
  lastName: 'Seller',
  isAdmin: false,
  emailVerified: true,
  pendingEmail: null,
  hasPassword: true,
}

export function renderScreen(screen: ReactNode, { prepare }: { prepare?: (queryClient: QueryClient) => void } = {}) {
  // What a test put in the cache stays as it is: the screens' own refetches would reach for a server.
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } })
  queryClient.setQueryData(currentUserQuery.queryKey, SELLER)
  prepare?.(queryClient)
  const router = createRouter({
    routeTree: createRootRoute({ component: () => screen }),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  })
  const result = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  )
  return { ...result, queryClient, router }
}

/** Answers the app's requests by method and path (and query); anything else is a 404, as from a server without it. */
export function answerFetch(answer: (method: string, path: string, query: URLSearchParams) => unknown) {
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    // The app's client asks for paths on the page's own origin ('/api/…').
    const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost')
    const body = answer(init?.method ?? 'GET', url.pathname, url.searchParams)
    return body === undefined
      ? Response.json({ error: 'Not found', code: 'not_found' }, { status: 404 })
      : Response.json(body)
  })
  vi.stubGlobal('fetch', fetch)
  return fetch
}
