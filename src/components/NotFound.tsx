import { Link } from '@tanstack/react-router'
import { buttonClass } from './ui/Button.tsx'

export function NotFoundScreen() {
  return (
    <main className="flex min-h-dvh items-center justify-center bg-slate-50 px-4">
      <div className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
        <h1 className="text-2xl font-bold text-slate-900">404 Page Not Found</h1>
        <p className="mt-3 text-sm text-slate-600">Did you forget to add the page to the router?</p>
        <Link to="/" className={buttonClass('primary', 'mt-5')}>
          Go to Dashboard
        </Link>
      </div>
    </main>
  )
}
