import { createBrowserHistory } from '@tanstack/react-router'
import { startTransition } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import * as v from 'valibot'
import { INTERACTIVE_EVENT } from '../api/contract/page-start.ts'
import { SIGNED_IN_USER_ELEMENT_ID } from '../api/contract/signed-in-page.ts'
import { UserSchema } from '../api/contract/user.ts'
import { App } from './app.tsx'
import { afterFirstScreen, watchFirstScreen } from './lib/first-screen.ts'
import { nextTask } from './lib/next-task.ts'
import { lastUser, rememberUser } from './lib/last-user.ts'
import { pageSignature } from './lib/prerendered.ts'
import { createQueryClient } from './lib/query-client.ts'
import { currentUserQuery, sessionKeys, whenSignedIn } from './queries/session-queries.ts'
import { createAppRouter } from './router.tsx'

/** The user a server-rendered Dashboard was drawn for (docs/decisions/0019): signed in, as the server has just checked. */
function userRenderedFor() {
  const element = document.getElementById(SIGNED_IN_USER_ELEMENT_ID)
  if (!element?.textContent) return undefined
  const parsed = v.safeParse(UserSchema, JSON.parse(element.textContent))
  return parsed.success ? parsed.output : undefined
}

/** How long a screen that is not prerendered may stay blank while its route loads. */
const LONGEST_SILENT_START_MS = 1_000

/**
 * The app's start, as a few tasks rather than one: the router's construction alone is tens of milliseconds on a phone,
 * and a task that holds the main thread for over 50 ms (on Lighthouse's CPU slowed four times) is blocking time.
 */
async function start() {
  const queryClient = createQueryClient()
  // Known before the router starts its session check, which then has nothing to ask.
  const renderedFor = userRenderedFor()
  if (renderedFor) {
    rememberUser(renderedFor)
    queryClient.setQueryData(currentUserQuery.queryKey, renderedFor)
  }
  // Read before the session check remembers whoever it finds: drafts from before they had an owner are only given to
  // the account that was signed in on this phone when the app opened (src/lib/outbox.ts).
  const signedInAtStart = lastUser()
  // Sync runs whenever someone is signed in, which also sends drafts that waited for a session; the offline store and
  // its sync engine load after the first screen (src/lib/first-screen.ts). Watched before the router starts the
  // session check: the watch hears what changes, not what is already known, and offline the check answers at once.
  const recheckSession = () => void queryClient.invalidateQueries({ queryKey: sessionKeys.user })
  whenSignedIn(
    queryClient,
    (user) =>
      void afterFirstScreen()
        .then(() => import('./lib/outbox.ts'))
        .then(({ startSync }) =>
          startSync({ userId: user.id, madeDraftsFromBefore: user.id === signedInAtStart?.id }, recheckSession),
        ),
  )
  const root = document.getElementById('root')!
  const prerenderedFor = root.dataset.prerendered
  await nextTask()
  // The browser's history apart from the router: it writes the page's history entry (replaceState), several
  // milliseconds on its own on a phone.
  const history = createBrowserHistory()
  await nextTask()
  const router = createAppRouter(queryClient, { history, adoptingMarkup: prerenderedFor !== undefined })
  await nextTask()

  const app = <App queryClient={queryClient} router={router} />
  // A public screen arrives prerendered (docs/decisions/0014), the Dashboard rendered for its seller (0019): once its
  // route has resolved (no request: a visitor who was never signed in here is known signed out, the seller is in the
  // page) React adopts the markup instead of painting it again. Any other address, or one the route sends elsewhere
  // (someone signed in opening /auth), is rendered afresh.
  // Either way the page then says so, and the taps that came before are let through (api/contract/page-start.ts).
  const interactive = () => dispatchEvent(new Event(INTERACTIVE_EVENT))
  if (prerenderedFor) {
    void router.load().then(() => {
      // From here on, routes fetch ahead again (see adoptingMarkup in src/router.tsx).
      router.update({ ...router.options, context: { ...router.options.context, adoptingMarkup: false } })
      const { pathname, searchStr } = router.state.location
      // As a transition, so React does the work in slices between which the browser stays free to answer a tap (a
      // phone's CPU would otherwise be held for the whole page at once: Lighthouse's total blocking time).
      startTransition(() => {
        const signature = pageSignature({ pathname, search: searchStr, found: pathname in router.routesByPath })
        if (signature === prerenderedFor) hydrateRoot(root, app)
        else createRoot(root).render(app)
      })
      interactive()
    })
  } else {
    // Any other screen is drawn once its route has resolved (the session check, its code), in one pass rather than one
    // per step of the load; a load that hangs (a network that lies about being up) shows the route's spinner meanwhile.
    let rendered = false
    const render = () => {
      if (rendered) return
      rendered = true
      const fresh = createRoot(root)
      startTransition(() => fresh.render(app))
      interactive()
    }
    void router.load().then(render)
    setTimeout(render, LONGEST_SILENT_START_MS)
  }

  // The service worker loads after the first screen (src/lib/first-screen.ts).
  watchFirstScreen(router, queryClient)
  void afterFirstScreen()
    .then(() => import('./lib/service-worker.tsx'))
    .then(({ registerServiceWorker }) => registerServiceWorker())
}

void start()
