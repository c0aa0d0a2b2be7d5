// What a signed-in user who is not an administrator sees on the admin screens (docs/product.md §2).
import { Link } from '@tanstack/react-router'
import { ACCESS_DENIED_MESSAGE } from '../../../api/contract/admin.ts'
import { buttonClass } from '../../components/ui/Button.tsx'

export function AccessDenied() {
  return (
    <section className="mx-auto max-w-lg rounded-2xl border border-slate-200 bg-white p-6 text-center">
      <h1 className="text-xl font-bold text-slate-900">Admin only</h1>
      <p role="alert" className="mt-2 text-slate-700">
        {ACCESS_DENIED_MESSAGE}
      </p>
      <Link to="/" className={buttonClass('secondary', 'mt-4')}>
        Back to Dashboard
      </Link>
    </section>
  )
}
