// Stands in for a screen whose issue has not landed yet, saying so plainly rather than pretending.
import { Link } from '@tanstack/react-router'
import { buttonClass } from './ui/Button.tsx'

export function NotBuiltYet({ title }: { title: string }) {
  return (
    <section className="mx-auto max-w-lg rounded-2xl border border-slate-200 bg-white p-6 text-center">
      <h1 className="text-xl font-bold text-slate-900">{title}</h1>
      <p className="mt-2 text-slate-600">This screen is not built yet. It arrives in an upcoming release of Snaplist.</p>
      <Link to="/" className={buttonClass('secondary', 'mt-4')}>
        Back to Dashboard
      </Link>
    </section>
  )
}
