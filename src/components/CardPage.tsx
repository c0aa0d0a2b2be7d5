// The signed-out task pages (forgot and reset password): one centred card with a title; and the alert above a form that failed.
import type { ReactNode } from 'react'
import { formAlertFor } from '../lib/form-errors.ts'
import { SignedOutPage } from './SignedOutPage.tsx'
import { Spinner } from './ui/Spinner.tsx'

export function CardPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <SignedOutPage mainClassName="mx-auto flex w-full max-w-md flex-1 flex-col justify-center px-4 py-8">
      <section
        className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
        aria-labelledby="card-title"
      >
        <h1 id="card-title" className="text-xl font-bold text-slate-900">
          {title}
        </h1>
        <div className="mt-3 flex flex-col gap-4 text-sm text-slate-600">{children}</div>
      </section>
    </SignedOutPage>
  )
}

/** A card page while its one request is on its way: the title, and a spinner saying the same. */
export function CardPageWaiting({ title }: { title: string }) {
  return (
    <CardPage title={title}>
      <div className="flex justify-center py-6">
        <Spinner label={title} />
      </div>
    </CardPage>
  )
}

export function FormAlert({ children }: { children: ReactNode }) {
  return (
    <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
      {children}
    </p>
  )
}

/**
 * Why a form's request failed, above the form: nothing while it has not failed, nor when the API's reasons are shown
 * under the fields they name (fieldErrorsOnto); otherwise the API's sentence, or the fallback when it gave none.
 */
export function FormFailure({ error, fallback }: { error: unknown; fallback: string }) {
  const sentence = error ? formAlertFor(error, fallback) : undefined
  return sentence ? <FormAlert>{sentence}</FormAlert> : null
}
