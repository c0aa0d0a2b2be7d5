// The whole app as one element: what the browser renders (src/main.tsx) and the build prerenders (src/entry-server.tsx).
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query'
import { RouterProvider } from '@tanstack/react-router'
import { StrictMode, useEffect } from 'react'
import type { createAppRouter } from './router.tsx'

interface AppProps {
  queryClient: QueryClient
  router: ReturnType<typeof createAppRouter>
  /** Called once React has committed its first render (for a hydrated page: adopted the markup). */
  onCommitted?: () => void
}

export function App({ queryClient, router, onCommitted }: AppProps) {
  useEffect(() => onCommitted?.(), [onCommitted])
  return (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>
  )
}
