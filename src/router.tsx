// Every route of docs/product.md §2. Screens load lazily, so a screen's code (and the libraries only it uses) ships only to it.
import type { QueryClient } from '@tanstack/react-query'
import {
  createRootRouteWithContext,
  createRoute,
  createRouter,
  lazyRouteComponent,
  Outlet,
  redirect,
  type ErrorComponentProps,
  type RouterHistory,
} from '@tanstack/react-router'
import { useEffect } from 'react'
import { RouteError } from './components/RouteError.tsx'
import { FullPageSpinner } from './components/ui/Spinner.tsx'
import { Toaster } from './components/Toaster.tsx'
import { MARKETPLACE_PATHS, PLATFORMS, type Platform } from '../api/contract/marketplace-paths.ts'
import { callbackSearch, dashboardSearch } from './features/marketplaces/marketplace-return.ts'
import { MARKETPLACE_PAGES } from './marketplaces/pages.ts'
import { listingSearchQuery } from './queries/listing-queries.ts'
import { dashboardView, searchOf } from './lib/dashboard-view.ts'
import { marketplaceConnectionsQuery } from './queries/marketplace-queries.ts'
import { currentUserQuery } from './queries/session-queries.ts'
import { NotFoundScreen } from './components/NotFound.tsx'
import { markScreenShown } from './lib/first-screen.ts'
import { SHARE_REFUSED } from './offline/share-refused.ts'
import { adminSearch, haulSearch, tokenSearch, UUID } from './route-searches.ts'

interface RouterContext {
  queryClient: QueryClient
  /**
   * True while the first screen is markup the server or the build rendered (docs/decisions/0019): its data is then
   * fetched by the screen once React has adopted it, not ahead by its route, so no answer can arrive while the markup
   * is being adopted and make the browser's first render differ from it.
   */
  adoptingMarkup: boolean
}

const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: () => (
    <>
      <Outlet />
      <Toaster />
    </>
  ),
  notFoundComponent: NotFoundScreen,
})

const signedIn = createRoute({
  getParentRoute: () => rootRoute,
  id: 'signed-in',
  beforeLoad: async ({ context }) => {
    const user = await context.queryClient.ensureQueryData(currentUserQuery)
    if (!user) throw redirect({ to: '/auth' })
  },
  pendingComponent: () => <FullPageSpinner label="Loading your account" />,
  // Lazy like the screens: /auth and the public pages never show the signed-in frame.
  component: lazyRouteComponent(() => import('./shell/AppShell.tsx'), 'AppShell'),
})

/** A screen's lazily loaded component, which says when it is on the page (src/lib/first-screen.ts). */
function shownScreen(load: () => Promise<Record<string, unknown>>, exportName: string) {
  const Lazy = lazyRouteComponent(load as () => Promise<Record<string, () => React.JSX.Element>>, exportName)
  function Screen() {
    useEffect(markScreenShown, [])
    return <Lazy />
  }
  // The router loads a screen's code ahead through this.
  Screen.preload = Lazy.preload
  return Screen
}

const screen = <Path extends string>(path: Path, load: () => Promise<Record<string, unknown>>, exportName: string) => ({
  path,
  component: shownScreen(load, exportName),
})

// Admin screens' data is fetched while their code loads, and only for admins: nobody else would get any. Their queries
// load with them, not with the app every visitor starts (/auth's bytes, issue 26).
const isAdmin = (queryClient: QueryClient) => queryClient.getQueryData(currentUserQuery.queryKey)?.isAdmin === true

// Each item is a draft on the phone from its first photo: a broken haul screen loses nothing.
const haulKept = (props: ErrorComponentProps) => (
  <RouteError {...props} hint="Your haul is kept on this phone, under Hauls on the Dashboard." />
)

const signedInRoutes = [
  createRoute({
    getParentRoute: () => signedIn,
    ...screen('/', () => import('./shell/dashboard.tsx'), 'DashboardScreen'),
    // A result back from a marketplace, and the listings' search, filter and sort.
    validateSearch: (search: Record<string, unknown>) => ({ ...dashboardSearch(search), ...dashboardView(search) }),
    // The Dashboard's data travels while its code loads.
    loader: ({ context: { queryClient, adoptingMarkup }, location }) => {
      if (adoptingMarkup) return
      void queryClient.prefetchInfiniteQuery(listingSearchQuery(searchOf(dashboardView(location.search))))
      void queryClient.prefetchQuery(marketplaceConnectionsQuery)
    },
  }),
  createRoute({
    getParentRoute: () => signedIn,
    ...screen('/list-item', () => import('./features/drafts/list-item.tsx'), 'ListItemScreen'),
    // An edit's draft keeps the listing's id beside it, so the address still says it is an edit (the main menu does
    // not light New Listing for it).
    validateSearch: (search: Record<string, unknown>): { draft?: string; edit?: number } => {
      const edit = Number(search.edit)
      return {
        ...(typeof search.draft === 'string' && UUID.test(search.draft) ? { draft: search.draft } : {}),
        ...(Number.isSafeInteger(edit) && edit > 0 ? { edit } : {}),
      }
    },
    // The draft lives in IndexedDB from the first pause in typing, and a form that goes away writes what it still held,
    // so a broken screen loses nothing: say where it is.
    errorComponent: (props) => (
      <RouteError {...props} hint="Your draft is kept on this phone, under Drafts on the Dashboard." />
    ),
  }),
  createRoute({
    getParentRoute: () => signedIn,
    ...screen('/shared', () => import('./features/drafts/shared-item.tsx'), 'SharedItemScreen'),
    validateSearch: (search: Record<string, unknown>): { id?: string; refused?: boolean } => {
      if (search[SHARE_REFUSED] !== undefined) return { refused: true }
      return typeof search.id === 'string' && UUID.test(search.id) ? { id: search.id } : {}
    },
  }),
  createRoute({
    getParentRoute: () => signedIn,
    ...screen('/haul', () => import('./features/drafts/haul/haul.tsx'), 'HaulScreen'),
    validateSearch: haulSearch,
    errorComponent: haulKept,
  }),
  createRoute({
    getParentRoute: () => signedIn,
    ...screen('/haul/review', () => import('./features/drafts/haul/review.tsx'), 'HaulReviewScreen'),
    validateSearch: haulSearch,
    errorComponent: haulKept,
  }),
  createRoute({
    getParentRoute: () => signedIn,
    ...screen('/admin', () => import('./features/admin/admin.tsx'), 'AdminScreen'),
    validateSearch: adminSearch,
    loaderDeps: ({ search }) => ({ page: search.page ?? 1 }),
    loader: async ({ context: { queryClient }, deps }) => {
      if (!isAdmin(queryClient)) return
      const { adminListingsQuery, adminUsersQuery } = await import('./features/admin/admin-queries.ts')
      void queryClient.prefetchQuery(adminUsersQuery)
      void queryClient.prefetchQuery(adminListingsQuery(deps.page))
    },
  }),
  createRoute({
    getParentRoute: () => signedIn,
    ...screen('/account', () => import('./features/account/account.tsx'), 'AccountScreen'),
  }),
  createRoute({
    getParentRoute: () => signedIn,
    ...screen('/insights', () => import('./features/insights/insights.tsx'), 'InsightsScreen'),
  }),
  createRoute({
    getParentRoute: () => signedIn,
    ...screen('/pricing', () => import('./features/pricing/pricing.tsx'), 'PricingScreen'),
  }),
  createRoute({
    getParentRoute: () => signedIn,
    ...screen('/tax-year', () => import('./features/tax-year/tax-year.tsx'), 'TaxYearScreen'),
    // From a haul's screen: the drive to it, logged on the Mileage tab (?haul=<the phone's id of the haul>).
    validateSearch: haulSearch,
  }),
  createRoute({
    getParentRoute: () => signedIn,
    ...screen('/labels', () => import('./features/labels/labels.tsx'), 'LabelsScreen'),
    validateSearch: (search: Record<string, unknown>): { ids?: string } =>
      typeof search.ids === 'string' && /^\d+(,\d+)*$/.test(search.ids) ? { ids: search.ids } : {},
  }),
  createRoute({
    getParentRoute: () => signedIn,
    ...screen('/admin/email-templates', () => import('./features/admin/email-templates.tsx'), 'EmailTemplatesScreen'),
    loader: async ({ context: { queryClient } }) => {
      if (!isAdmin(queryClient)) return
      const { emailTemplatesQuery } = await import('./features/admin/email-template-queries.ts')
      void queryClient.prefetchQuery(emailTemplatesQuery)
    },
  }),
]

const authRoute = createRoute({
  getParentRoute: () => rootRoute,
  ...screen('/auth', () => import('./features/auth/auth.tsx'), 'AuthScreen'),
  beforeLoad: async ({ context: { queryClient } }) => {
    // Whether to offer Sign in with Google is not asked here: the prerendered page preloads it, and the screen reads it
    // once hydrated, so the first render matches the HTML (docs/decisions/0014).
    if (await queryClient.ensureQueryData(currentUserQuery)) throw redirect({ to: '/' })
  },
  pendingComponent: () => <FullPageSpinner />,
})

/** A marketplace's callback, cancel and manual screens, at the addresses its description gives (docs/product.md §2). */
function marketplaceRoutes<Paths extends (typeof MARKETPLACE_PATHS)[Platform]>({
  platform,
  successPaths,
  cancelPaths,
  manualPath,
}: Paths) {
  const at = <Path extends string>(path: Path, exportName: string, load: () => Promise<Record<string, unknown>>) =>
    createRoute({ getParentRoute: () => rootRoute, ...screen(path, load, exportName), staticData: { platform } })
  const callback = () => import('./features/marketplaces/callback.tsx')
  return [
    ...successPaths.map((path) =>
      createRoute({
        getParentRoute: () => rootRoute,
        ...screen(path, callback, 'CallbackScreen'),
        staticData: { platform },
        validateSearch: callbackSearch,
      }),
    ),
    ...cancelPaths.map((path) => at(path, 'CancelScreen', callback)),
    at(manualPath, 'ManualAuthScreen', () => import('./features/marketplaces/manual-auth.tsx')),
  ]
}

const publicRoutes = [
  authRoute,
  createRoute({
    getParentRoute: () => rootRoute,
    ...screen('/privacy-policy', () => import('./features/legal/privacy-policy.tsx'), 'PrivacyPolicyScreen'),
  }),
  createRoute({
    getParentRoute: () => rootRoute,
    ...screen('/terms-of-service', () => import('./features/legal/terms-of-service.tsx'), 'TermsOfServiceScreen'),
  }),
  ...MARKETPLACE_PAGES.map(([path, load, exportName]) =>
    createRoute({ getParentRoute: () => rootRoute, ...screen(path, load, exportName) }),
  ),
  createRoute({
    getParentRoute: () => rootRoute,
    ...screen('/forgot-password', () => import('./features/auth/forgot-password.tsx'), 'ForgotPasswordScreen'),
  }),
  createRoute({
    getParentRoute: () => rootRoute,
    ...screen('/reset-password', () => import('./features/auth/reset-password.tsx'), 'ResetPasswordScreen'),
    validateSearch: tokenSearch,
  }),
  createRoute({
    getParentRoute: () => rootRoute,
    ...screen('/verify-email', () => import('./features/account/verify-email.tsx'), 'VerifyEmailScreen'),
    validateSearch: tokenSearch,
  }),
  ...PLATFORMS.flatMap((platform) => marketplaceRoutes(MARKETPLACE_PATHS[platform])),
]

const routeTree = rootRoute.addChildren([signedIn.addChildren(signedInRoutes), ...publicRoutes])

interface AppRouterOptions {
  /** The browser's history, or a memory history where the build and the server render pages (prerendering). */
  history: RouterHistory
  /** See RouterContext. */
  adoptingMarkup: boolean
  prerendering?: boolean
}

/** The router in the browser, or where the build and the server render pages. */
export function createAppRouter(
  queryClient: QueryClient,
  { history, adoptingMarkup, prerendering = false }: AppRouterOptions,
) {
  // Scroll restoration is behaviour in the browser only; it draws nothing, so the prerendered HTML is the same without it.
  const router = createRouter({
    routeTree,
    context: { queryClient, adoptingMarkup },
    history,
    defaultPendingMs: 150,
    scrollRestoration: !prerendering,
    defaultErrorComponent: RouteError,
  })
  if (prerendering) return router
  // The session check every guard waits for and the first screen's code set off together, before anything renders.
  void queryClient.prefetchQuery(currentUserQuery)
  for (const route of router.getMatchedRoutes(window.location.pathname)[0]) void router.loadRouteChunk(route)
  return router
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>
  }
  /** What a history entry carries beside its address: the listing a Sell similar draft is made from (issue 47). */
  interface HistoryState {
    similarTo?: number
  }
}
