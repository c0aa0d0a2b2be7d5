import { QueryClientProvider } from '@tanstack/react-query'
import { RouterProvider } from '@tanstack/react-router'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { createQueryClient } from './lib/query-client.ts'
import { registerServiceWorker } from './lib/service-worker.tsx'
import { startSync } from './lib/sync.ts'
import { createAppRouter } from './router.tsx'
import './styles.css'

const queryClient = createQueryClient()
const router = createAppRouter(queryClient)

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
)

registerServiceWorker()
startSync()
