import type { ReactNode } from 'react'

/** One card of the account screen, titled for screen readers' heading navigation. */
export function Section({
  title,
  children,
  tone = 'plain',
}: {
  title: string
  children: ReactNode
  tone?: 'plain' | 'danger'
}) {
  const border = tone === 'danger' ? 'border-red-200' : 'border-slate-200'
  return (
    <section aria-label={title} className={`rounded-2xl border ${border} bg-white p-4 shadow-sm sm:p-5`}>
      <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
      <div className="mt-3 flex flex-col gap-4 text-sm text-slate-600">{children}</div>
    </section>
  )
}
