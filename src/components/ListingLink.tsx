// A listing named by its title, opening its Edit Listing screen: how the Insights' lists point at a listing.
import { Link } from '@tanstack/react-router'

export function ListingLink({ id, title, className = '' }: { id: number; title: string; className?: string }) {
  return (
    <Link
      to="/list-item"
      search={{ edit: id }}
      className={`font-medium text-indigo-700 underline-offset-2 hover:underline ${className}`}
    >
      {title}
    </Link>
  )
}
