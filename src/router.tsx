// Every route of SPEC §2. Screens load lazily, so a screen's code (and the libraries only it uses) ships only to it.
import type { QueryClient } from '@tanstack/react-query'
import { createRootRouteWithContext, createRoute, createRouter, lazyRouteComponent, Outlet, redirect } from '@tanstack/react-router'
import { AppShell } from './components/AppShell.tsx'
import { FullPageSpinner } from './components/Spinner.tsx'
import { Toaster } from './components/Toaster.tsx'
import { currentUserQuery } from './queries/session.ts'
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
  component: AppShell,
})

const screen = <Path extends string>(path: Path, load: () => Promise<Record<string, unknown>>, exportName: string) => ({
  path,
  component: lazyRouteComponent(load as () => Promise<Record<string, () => React.JSX.Element>>, exportName),
})

const placeholder = (title: string) => lazyRouteComponent(async () => {
  const { NotBuiltYet } = await import('./components/NotBuiltYet.tsx')
  return { default: () => <NotBuiltYet title={title} /> }
})

const publicPlaceholder = (title: string) => lazyRouteComponent(async () => {
  const [{ NotBuiltYet }, { PublicPage }] = await Promise.all([import('./components/NotBuiltYet.tsx'), import('./components/PublicPage.tsx')])
  return {
    default: () => (
      <PublicPage title={title}>
        <NotBuiltYet title={title} />
      </PublicPage>
    ),
  }
})

const signedInRoutes = [
  createRoute({ getParentRoute: () => signedIn, ...screen('/', () => import('./routes/dashboard.tsx'), 'DashboardScreen') }),
  createRoute({
    getParentRoute: () => signedIn,
    ...screen('/list-item', () => import('./routes/list-item.tsx'), 'ListItemScreen'),
    validateSearch: (search: Record<string, unknown>): { draft?: string } =>
      typeof search.draft === 'string' && UUID.test(search.draft) ? { draft: search.draft } : {},
  }),
  createRoute({ getParentRoute: () => signedIn, path: '/admin', component: placeholder('Admin Dashboard') }),
  createRoute({ getParentRoute: () => signedIn, path: '/admin/email-templates', component: placeholder('Email Templates') }),
]

const authRoute = createRoute({
  getParentRoute: () => rootRoute,
  ...screen('/auth', () => import('./routes/auth.tsx'), 'AuthScreen'),
  beforeLoad: async ({ context }) => {
    if (await context.queryClient.ensureQueryData(currentUserQuery)) throw redirect({ to: '/' })
  },
  pendingComponent: () => <FullPageSpinner />,
})

const publicRoutes = [
  authRoute,
  createRoute({ getParentRoute: () => rootRoute, ...screen('/privacy-policy', () => import('./routes/privacy-policy.tsx'), 'PrivacyPolicyScreen') }),
  createRoute({ getParentRoute: () => rootRoute, ...screen('/terms-of-service', () => import('./routes/terms-of-service.tsx'), 'TermsOfServiceScreen') }),
  createRoute({ getParentRoute: () => rootRoute, ...screen('/integrate-with-etsy', () => import('./routes/integrate-with-etsy.tsx'), 'IntegrateWithEtsyScreen') }),
  createRoute({ getParentRoute: () => rootRoute, path: '/forgot-password', component: publicPlaceholder('Forgot password') }),
  createRoute({ getParentRoute: () => rootRoute, path: '/reset-password', component: publicPlaceholder('Reset password') }),
  ...['/ebay-success', '/ebay-auth/success', '/ebay/auth/success'].map((path) =>
    createRoute({ getParentRoute: () => rootRoute, path, component: publicPlaceholder('Connecting eBay') }),
  ),
  ...['/ebay-auth/cancel', '/ebay/auth/cancel'].map((path) =>
    createRoute({ getParentRoute: () => rootRoute, path, component: publicPlaceholder('eBay connection cancelled') }),
  ),
  createRoute({ getParentRoute: () => rootRoute, path: '/ebay-manual-auth', component: publicPlaceholder('Connect eBay manually') }),
  ...['/etsy-auth/success', '/etsy/auth/success'].map((path) =>
    createRoute({ getParentRoute: () => rootRoute, path, component: publicPlaceholder('Connecting Etsy') }),
  ),
  ...['/etsy-auth/cancel', '/etsy/auth/cancel'].map((path) =>
    createRoute({ getParentRoute: () => rootRoute, path, component: publicPlaceholder('Etsy connection cancelled') }),
  ),
  createRoute({ getParentRoute: () => rootRoute, path: '/etsy-manual-auth', component: publicPlaceholder('Connect Etsy manually') }),
]

const routeTree = rootRoute.addChildren([signedIn.addChildren(signedInRoutes), ...publicRoutes])

export function createAppRouter(queryClient: QueryClient) {
  return createRouter({ routeTree, context: { queryClient }, defaultPendingMs: 150, scrollRestoration: true })
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>
  }
}
