// The frame of every signed-in screen: header, the screen, footer; and the password asked for again (ReauthDialog).
import { Outlet } from '@tanstack/react-router'
import { lazy, Suspense, useSyncExternalStore } from 'react'
import { Footer } from '../components/Footer.tsx'
import { useSessionGuard } from '../features/auth/useSessionGuard.ts'
import { reauthRequest } from '../lib/reauth.ts'
import { Header } from './Header.tsx'
import { FullPageSpinner } from '../components/ui/Spinner.tsx'

// With its form library, loaded when the server first asks for the password again, not with every signed-in screen.
const LazyReauthDialog = lazy(() =>
  import('../features/auth/ReauthDialog.tsx').then((module) => ({ default: module.ReauthDialog })),
)

function ReauthWhenAsked() {
  const asked = useSyncExternalStore(reauthRequest.subscribe, reauthRequest.open, () => false)
  return asked ? (
    <Suspense fallback={null}>
      <LazyReauthDialog />
    </Suspense>
  ) : null
}

export function AppShell() {
  const signedIn = useSessionGuard()
  if (!signedIn) return <FullPageSpinner label="Checking your session" />
  return (
    <div className="flex min-h-dvh flex-col bg-slate-50 print:bg-white">
      <Header />
      <main className="mx-auto w-full max-w-6xl flex-1 px-4 py-6 print:max-w-none print:p-0">
        <Outlet />
      </main>
      <Footer />
      <ReauthWhenAsked />
    </div>
  )
}
