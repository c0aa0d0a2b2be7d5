// Etsy's category for the listing: the one suggested from its title and Category, or another the seller finds by
// typing what the item is (GET /api/etsy/categories), as eBay's category is chosen. Each match reads with its path
// ("Clothing › Jeans"), so two nodes of one name can be told apart.
import { useQuery } from '@tanstack/react-query'
import { useEffect, useId, useState } from 'react'
import type { EtsyChoice } from '../../../api/contract/etsy-publish.ts'
import { TextField } from '../../components/ui/TextField.tsx'
import { api, cancelledBy, errorMessage, okJson } from '../../lib/api.ts'

// Etsy is asked once the seller stops typing for this long, with at least this many letters.
const TYPING_PAUSE_MS = 300
const SEARCH_MIN_LENGTH = 2

function useTypedPause(text: string): string {
  const [settled, setSettled] = useState(text)
  useEffect(() => {
    const timer = setTimeout(() => setSettled(text), TYPING_PAUSE_MS)
    return () => clearTimeout(timer)
  }, [text])
  return settled
}

export function EtsyCategoryChoice({
  category,
  onChoose,
}: {
  category: EtsyChoice | null
  onChoose: (category: EtsyChoice) => void
}) {
  const [searching, setSearching] = useState(category === null)
  const [typed, setTyped] = useState('')
  const query = useTypedPause(typed.trim())
  const resultsId = useId()
  const found = useQuery({
    queryKey: ['etsy-categories', query],
    queryFn: ({ signal }) => okJson(api.etsy.categories.$get({ query: { q: query } }, cancelledBy(signal))),
    enabled: searching && query.length >= SEARCH_MIN_LENGTH,
    retry: false,
  })
  return (
    <div className="flex flex-col gap-2">
      <p className="text-sm text-slate-700">
        Etsy category: <span className="font-medium text-slate-900">{category?.name ?? 'none yet'}</span>
        {!searching && (
          <button
            type="button"
            onClick={() => setSearching(true)}
            className="ml-2 inline-flex min-h-9 items-center font-semibold text-indigo-700 underline-offset-2 hover:underline"
          >
            Change
          </button>
        )}
      </p>
      {searching && (
        <>
          <TextField
            label="Find an Etsy category"
            placeholder="What is it? e.g. jeans"
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            aria-controls={resultsId}
          />
          {found.isError && <p className="text-sm text-red-700">{errorMessage(found.error)}</p>}
          <ul id={resultsId} className="flex max-h-48 flex-col overflow-y-auto rounded-lg border border-slate-200">
            {found.data?.categories.map((choice) => (
              <li key={choice.id}>
                <button
                  type="button"
                  onClick={() => {
                    onChoose(choice)
                    setSearching(false)
                    setTyped('')
                  }}
                  className="min-h-11 w-full px-3 py-2 text-left text-sm text-slate-800 hover:bg-slate-50"
                >
                  {choice.name}
                </button>
              </li>
            ))}
            {found.data?.categories.length === 0 && (
              <li className="px-3 py-2 text-sm text-slate-600">No Etsy category matches “{query}”.</li>
            )}
          </ul>
        </>
      )}
    </div>
  )
}
