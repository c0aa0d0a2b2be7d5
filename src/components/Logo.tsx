import { Link } from '@tanstack/react-router'

export function Logo({ to = '/' }: { to?: string }) {
  return (
    <Link to={to} className="flex items-center gap-2 font-bold text-lg text-slate-900" aria-label="Snaplist home">
      <img src="/icons/logo.svg" alt="" width={28} height={28} className="h-7 w-7" />
      <span>Snaplist</span>
    </Link>
  )
}
