// Every route of docs/product.md §2. Screens load lazily, so a screen's code (and the libraries only it uses) ships only to it.
import type { QueryClient } from '@tanstack/react-query'
import { createRootRouteWithContext, createRoute, createRouter, lazyRouteComponent, Outlet, redirect } from '@tanstack/react-router'
import * as v from 'valibot'
import { pageSchema } from '../api/contract/admin.ts'
import { RouteError } from './components/RouteError.tsx'
import { FullPageSpinner } from './components/Spinner.tsx'
import { Toaster } from './components/Toaster.tsx'
import { callbackSearch, dashboardSearch, ebayCallbackSearch } from './lib/marketplace-return.ts'
import { adminListingsQuery, adminUsersQuery } from './queries/admin.ts'
import { emailTemplatesQuery } from './queries/email-templates.ts'
import { listingsQuery } from './queries/listings.ts'
import { marketplaceConnectionsQuery } from './queries/marketplaces.ts'
import { authConfigQuery, currentUserQuery } from './queries/session.ts'
import { NotFoundScreen } from './routes/not-found.tsx'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

interface RouterContext {
  queryClient: QueryClient
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
  component: lazyRouteComponent(() => import('./components/AppShell.tsx'), 'AppShell'),
})

const screen = <Path extends string>(path: Path, load: () => Promise<Record<string, unknown>>, exportName: string) => ({
  path,
  component: lazyRouteComponent(load as () => Promise<Record<string, () => React.JSX.Element>>, exportName),
})

interface AdminSearch {
  /** All Users unless 'listings'. */
  tab?: 'listings'
  /** The All Listings page, from 2 (absent: 1). */
  page?: number
}

/** Keeps what is valid and not a default, so /admin stays /admin and a bad ?page= reads as page 1. */
function adminSearch(search: Record<string, unknown>): AdminSearch {
  const page = v.safeParse(pageSchema, search.page)
  return { ...(search.tab === 'listings' ? { tab: 'listings' } : {}), ...(page.success && page.output > 1 ? { page: page.output } : {}) }
}

// Admin screens' data is fetched while their code loads, and only for admins: nobody else would get any.
const isAdmin = (queryClient: QueryClient) => queryClient.getQueryData(currentUserQuery.queryKey)?.isAdmin === true

const signedInRoutes = [
  createRoute({
    getParentRoute: () => signedIn,
    ...screen('/', () => import('./routes/dashboard.tsx'), 'DashboardScreen'),
    validateSearch: dashboardSearch,
    // The Dashboard's data travels while its code loads.
    loader: ({ context: { queryClient } }) => {
      void queryClient.prefetchQuery(listingsQuery)
      void queryClient.prefetchQuery(marketplaceConnectionsQuery)
    },
  }),
  createRoute({
    getParentRoute: () => signedIn,
    ...screen('/list-item', () => import('./routes/list-item.tsx'), 'ListItemScreen'),
    validateSearch: (search: Record<string, unknown>): { draft?: string } =>
      typeof search.draft === 'string' && UUID.test(search.draft) ? { draft: search.draft } : {},
    // The draft lives in IndexedDB from the first keystroke, so a broken screen loses nothing: say where it is.
    errorComponent: (props) => <RouteError {...props} hint="Your draft is kept on this phone, under Drafts on the Dashboard." />,
  }),
  createRoute({
    getParentRoute: () => signedIn,
    ...screen('/admin', () => import('./routes/admin.tsx'), 'AdminScreen'),
    validateSearch: adminSearch,
    loaderDeps: ({ search }) => ({ page: search.page ?? 1 }),
    loader: ({ context: { queryClient }, deps }) => {
      if (!isAdmin(queryClient)) return
      void queryClient.prefetchQuery(adminUsersQuery)
      void queryClient.prefetchQuery(adminListingsQuery(deps.page))
    },
  }),
  createRoute({ getParentRoute: () => signedIn, ...screen('/account', () => import('./routes/account.tsx'), 'AccountScreen') }),
  createRoute({
    getParentRoute: () => signedIn,
    ...screen('/admin/email-templates', () => import('./routes/email-templates.tsx'), 'EmailTemplatesScreen'),
    loader: ({ context: { queryClient } }) => {
      if (isAdmin(queryClient)) void queryClient.prefetchQuery(emailTemplatesQuery)
    },
  }),
]

const authRoute = createRoute({
  getParentRoute: () => rootRoute,
  ...screen('/auth', () => import('./routes/auth.tsx'), 'AuthScreen'),
  beforeLoad: async ({ context: { queryClient } }) => {
    // Whether to offer Sign in with Google is asked alongside the session check, not after it.
    void queryClient.prefetchQuery(authConfigQuery)
    if (await queryClient.ensureQueryData(currentUserQuery)) throw redirect({ to: '/' })
  },
  pendingComponent: () => <FullPageSpinner />,
})

/** The token of an emailed link (reset password, confirm email address), when there is one. */
const tokenSearch = (search: Record<string, unknown>): { token?: string } => (typeof search.token === 'string' && search.token ? { token: search.token } : {})

const publicRoutes = [
  authRoute,
  createRoute({ getParentRoute: () => rootRoute, ...screen('/privacy-policy', () => import('./routes/privacy-policy.tsx'), 'PrivacyPolicyScreen') }),
  createRoute({ getParentRoute: () => rootRoute, ...screen('/terms-of-service', () => import('./routes/terms-of-service.tsx'), 'TermsOfServiceScreen') }),
  createRoute({ getParentRoute: () => rootRoute, ...screen('/integrate-with-etsy', () => import('./routes/integrate-with-etsy.tsx'), 'IntegrateWithEtsyScreen') }),
  createRoute({ getParentRoute: () => rootRoute, ...screen('/forgot-password', () => import('./routes/forgot-password.tsx'), 'ForgotPasswordScreen') }),
  createRoute({
    getParentRoute: () => rootRoute,
    ...screen('/reset-password', () => import('./routes/reset-password.tsx'), 'ResetPasswordScreen'),
    validateSearch: tokenSearch,
  }),
  createRoute({
    getParentRoute: () => rootRoute,
    ...screen('/verify-email', () => import('./routes/verify-email.tsx'), 'VerifyEmailScreen'),
    validateSearch: tokenSearch,
  }),
  ...['/ebay-success', '/ebay-auth/success', '/ebay/auth/success'].map((path) =>
    createRoute({ getParentRoute: () => rootRoute, ...screen(path, () => import('./routes/ebay-auth.tsx'), 'EbayAuthSuccessScreen'), validateSearch: ebayCallbackSearch }),
  ),
  ...['/ebay-auth/cancel', '/ebay/auth/cancel'].map((path) =>
    createRoute({ getParentRoute: () => rootRoute, ...screen(path, () => import('./routes/ebay-auth.tsx'), 'EbayAuthCancelScreen') }),
  ),
  createRoute({ getParentRoute: () => rootRoute, ...screen('/ebay-manual-auth', () => import('./routes/ebay-manual-auth.tsx'), 'EbayManualAuthScreen') }),
  ...['/etsy-auth/success', '/etsy/auth/success'].map((path) =>
    createRoute({ getParentRoute: () => rootRoute, ...screen(path, () => import('./routes/etsy-auth.tsx'), 'EtsyAuthSuccessScreen'), validateSearch: callbackSearch }),
  ),
  ...['/etsy-auth/cancel', '/etsy/auth/cancel'].map((path) =>
    createRoute({ getParentRoute: () => rootRoute, ...screen(path, () => import('./routes/etsy-auth.tsx'), 'EtsyAuthCancelScreen') }),
  ),
  createRoute({ getParentRoute: () => rootRoute, ...screen('/etsy-manual-auth', () => import('./routes/etsy-manual-auth.tsx'), 'EtsyManualAuthScreen') }),
]

const routeTree = rootRoute.addChildren([signedIn.addChildren(signedInRoutes), ...publicRoutes])

export function createAppRouter(queryClient: QueryClient) {
  const router = createRouter({ routeTree, context: { queryClient }, defaultPendingMs: 150, scrollRestoration: true, defaultErrorComponent: RouteError })
  // The session check every guard waits for and the first screen's code set off together, before anything renders.
  void queryClient.prefetchQuery(currentUserQuery)
  for (const route of router.getMatchedRoutes(window.location.pathname)[0]) void router.loadRouteChunk(route)
  return router
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>
  }
}
