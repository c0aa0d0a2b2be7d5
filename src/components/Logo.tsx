import { Link } from '@tanstack/react-router'

/** compact: on a phone the mark alone, so the header's first line keeps room for the greeting and the sync pill. */
export function Logo({ to = '/', compact = false }: { to?: string; compact?: boolean }) {
  return (
    <Link to={to} className="flex items-center gap-2 font-bold text-lg text-slate-900" aria-label="Snaplist home">
      {/* The mark drawn in the page (public/icons/logo.svg, the favicon), not fetched: a request fewer on every screen. */}
      <svg
        xmlns="http://www.w3.org/2000/svg"
        viewBox="0 0 64 64"
        width={28}
        height={28}
        className="h-7 w-7"
        aria-hidden="true"
        focusable="false"
      >
        <rect width="64" height="64" rx="14" fill="#4338ca" />
        <path d="M18 22a4 4 0 0 1 4-4h5l3-4h8l3 4h5a4 4 0 0 1 4 4v20a4 4 0 0 1-4 4H22a4 4 0 0 1-4-4z" fill="#fff" />
        <circle cx="34" cy="32" r="8" fill="#4338ca" />
        <circle cx="34" cy="32" r="4" fill="#a5b4fc" />
      </svg>
      <span className={compact ? 'hidden sm:inline' : undefined}>Snaplist</span>
    </Link>
  )
}
