// The frame of the public pages (legal text, integrations): a slim top bar, readable prose width, the footer.
import type { ReactNode } from 'react'
import { Footer } from './Footer.tsx'
import { Logo } from './Logo.tsx'

export function PublicPage({ title, updated, children }: { title: string; updated?: string; children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col bg-slate-50">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-3xl items-center px-4 py-3">
          <Logo />
        </div>
      </header>
      <main className="mx-auto w-full max-w-3xl flex-1 px-4 py-8">
        <article className="prose-snaplist">
          <h1>{title}</h1>
          {updated && <p className="text-sm text-slate-500">Last updated: {updated}</p>}
          {children}
        </article>
      </main>
      <Footer />
    </div>
  )
}
