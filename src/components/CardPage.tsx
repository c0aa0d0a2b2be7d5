// The signed-out task pages (forgot and reset password): one centred card with a title.
import type { ReactNode } from 'react'
import { SignedOutPage } from './SignedOutPage.tsx'

export function CardPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <SignedOutPage mainClassName="mx-auto flex w-full max-w-md flex-1 flex-col justify-center px-4 py-8">
      <section className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6" aria-labelledby="card-title">
        <h1 id="card-title" className="text-xl font-bold text-slate-900">
          {title}
        </h1>
        <div className="mt-3 flex flex-col gap-4 text-sm text-slate-600">{children}</div>
      </section>
    </SignedOutPage>
  )
}

export function FormAlert({ children }: { children: ReactNode }) {
  return (
    <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
      {children}
    </p>
  )
}
