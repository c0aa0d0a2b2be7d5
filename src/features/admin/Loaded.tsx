// A query's three faces on the admin screens: a spinner while it loads, the reason when it failed, else the data.
import type { UseQueryResult } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { Spinner } from '../../components/ui/Spinner.tsx'
import { failureMessage } from '../../lib/api.ts'

export function Loaded<Data>({
  query,
  what,
  children,
}: {
  query: UseQueryResult<Data>
  what: string
  children: (data: Data) => ReactNode
}) {
  if (query.isPending) {
    return (
      <div className="flex justify-center py-10">
        <Spinner label={`Loading ${what}`} />
      </div>
    )
  }
  if (query.isError) {
    return (
      <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
        {failureMessage(
          query.error,
          `The ${what} could not be loaded. Reload the page to try again.`,
          `The ${what} could not be loaded: Snaplist could not be reached. Check your connection and reload the page.`,
        )}
      </p>
    )
  }
  return children(query.data)
}
