import { Link } from '@tanstack/react-router'

/** compact: on a phone the mark alone, so the header's first line keeps room for the greeting and the sync pill. */
export function Logo({ to = '/', compact = false }: { to?: string; compact?: boolean }) {
  return (
    <Link to={to} className="flex items-center gap-2 font-bold text-lg text-slate-900" aria-label="Snaplist home">
      <img src="/icons/logo.svg" alt="" width={28} height={28} className="h-7 w-7" />
      <span className={compact ? 'hidden sm:inline' : undefined}>Snaplist</span>
    </Link>
  )
}
