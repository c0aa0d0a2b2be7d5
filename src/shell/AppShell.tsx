// The frame of every signed-in screen: header, the screen, footer; and the password asked for again (ReauthDialog).
import { Outlet } from '@tanstack/react-router'
import { Footer } from '../components/Footer.tsx'
import { useSessionGuard } from '../features/auth/useSessionGuard.ts'
import { ReauthDialog } from '../features/auth/ReauthDialog.tsx'
import { Header } from './Header.tsx'
import { FullPageSpinner } from '../components/ui/Spinner.tsx'

export function AppShell() {
  const signedIn = useSessionGuard()
  if (!signedIn) return <FullPageSpinner label="Checking your session" />
  return (
    <div className="flex min-h-dvh flex-col bg-slate-50">
      <Header />
      <main className="mx-auto w-full max-w-6xl flex-1 px-4 py-6">
        <Outlet />
      </main>
      <Footer />
      <ReauthDialog />
    </div>
  )
}
