// What a screen that throws while rendering or loading shows instead of a blank page: what happened, Retry, and home.
import { useQueryClient } from '@tanstack/react-query'
import { Link, useRouter, type ErrorComponentProps } from '@tanstack/react-router'
import { useEffect, useRef } from 'react'
import { Button, buttonClass } from './ui/Button.tsx'

export function RouteError({ error, reset, hint }: ErrorComponentProps & { hint?: string }) {
  const router = useRouter()
  const queryClient = useQueryClient()
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => {
    console.error(error)
    // Keyboard and screen-reader users land on the message rather than on whatever had focus in the broken screen.
    heading.current?.focus()
  }, [error])

  async function retry() {
    // The broken screen's queries are inactive now; dropping their data makes Retry fetch afresh instead of
    // rendering the same answer again (active ones, like the session, are refetched).
    await queryClient.resetQueries({ type: 'inactive' })
    reset()
    await router.invalidate()
  }

  return (
    <div className="mx-auto w-full max-w-md px-4 py-10">
      <section
        role="alert"
        aria-labelledby="route-error-heading"
        className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
      >
        <h1
          id="route-error-heading"
          ref={heading}
          tabIndex={-1}
          className="text-xl font-bold text-slate-900 focus:outline-none"
        >
          Something went wrong
        </h1>
        <p className="mt-3 text-sm text-slate-600">This screen could not be shown. Retry loads it again.</p>
        {hint && <p className="mt-2 text-sm text-slate-600">{hint}</p>}
        <div className="mt-5 flex flex-col gap-2 sm:flex-row">
          <Button onClick={() => void retry()}>Retry</Button>
          <Link to="/" className={buttonClass('secondary')}>
            Go to Dashboard
          </Link>
        </div>
      </section>
    </div>
  )
}
