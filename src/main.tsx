import { QueryClientProvider } from '@tanstack/react-query'
import { RouterProvider } from '@tanstack/react-router'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { afterFirstScreen, watchFirstScreen } from './lib/first-screen.ts'
import { lastUser } from './features/auth/last-user.ts'
import { createQueryClient } from './lib/query-client.ts'
import { sessionKeys, whenSignedIn } from './features/auth/session-queries.ts'
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

// The service worker and the offline store with its sync engine load after the first screen (src/lib/first-screen.ts);
// sync runs whenever someone is signed in, which also sends drafts that waited for a session.
watchFirstScreen(router, queryClient)
void afterFirstScreen()
  .then(() => import('./lib/service-worker.tsx'))
  .then(({ registerServiceWorker }) => registerServiceWorker())
const recheckSession = () => void queryClient.invalidateQueries({ queryKey: sessionKeys.user })
// Read before the session check remembers whoever it finds: drafts from before they had an owner are only given to
// the account that was signed in on this phone when the app opened (src/features/drafts/sync.ts).
const signedInAtStart = lastUser()
whenSignedIn(queryClient, (user) =>
  void afterFirstScreen()
    .then(() => import('./features/drafts/sync.ts'))
    .then(({ startSync }) => startSync({ userId: user.id, madeDraftsFromBefore: user.id === signedInAtStart?.id }, recheckSession)),
)
