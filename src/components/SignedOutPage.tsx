// The frame of the screens for people who are not signed in (sign-in, forgot and reset password): the logo, the
// screen, the footer.
import type { ReactNode } from 'react'
import { Footer } from './Footer.tsx'
import { Logo } from './Logo.tsx'

export function SignedOutPage({ mainClassName, children }: { mainClassName: string; children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col bg-slate-50">
      <header className="mx-auto w-full max-w-6xl px-4 pt-4">
        <Logo to="/auth" />
      </header>
      <main className={mainClassName}>{children}</main>
      <Footer />
    </div>
  )
}
