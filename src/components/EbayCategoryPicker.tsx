// Choosing another of eBay's categories, in the Post to eBay dialog and on the listing form: eBay's suggestions for the
// title first, or for the words the seller searches with. The chosen one is kept on the listing (or the draft) at once.
import { useState, type KeyboardEvent } from 'react'
import type { EbayCategory } from '../../api/contract/ebay-publish.ts'
import { Spinner } from './ui/Spinner.tsx'
import { Button } from './ui/Button.tsx'
import { TextField } from './ui/TextField.tsx'
import { errorMessage } from '../lib/api.ts'
import { useEbayCategorySearch } from '../queries/ebay-category-queries.ts'

export function EbayCategoryPicker({
  title,
  current,
  onChoose,
  onClose,
}: {
  title: string
  current: string
  onChoose: (category: EbayCategory) => void
  onClose: () => void
}) {
  const [typed, setTyped] = useState(title)
  const [words, setWords] = useState(title)
  const search = useEbayCategorySearch(words)
  const runSearch = () => setWords(typed.trim())
  // Inside the dialog's form (forms cannot nest): Enter searches instead of posting.
  const searchOnEnter = (event: KeyboardEvent) => {
    if (event.key !== 'Enter') return
    event.preventDefault()
    runSearch()
  }
  return (
    <div className="flex flex-col gap-2 rounded-lg border border-slate-200 bg-slate-50 p-3">
      <div role="search" aria-label="eBay categories" className="flex items-end gap-2">
        <div className="min-w-0 flex-1">
          <TextField
            label="Search eBay categories"
            type="search"
            value={typed}
            maxLength={100}
            onKeyDown={searchOnEnter}
            onChange={(event) => setTyped(event.target.value)}
          />
        </div>
        <Button variant="secondary" onClick={runSearch}>
          Search
        </Button>
      </div>
      {search.isFetching && <Spinner label="Searching eBay categories" className="h-5 w-5" />}
      {search.isError && (
        <p role="alert" className="text-sm text-red-700">
          {errorMessage(search.error)}
        </p>
      )}
      {search.data && search.data.categories.length === 0 && (
        <p className="text-sm text-slate-600">eBay found no category for those words. Try other words.</p>
      )}
      {search.data && search.data.categories.length > 0 && (
        <ul aria-label="eBay's categories" className="flex flex-col gap-1">
          {search.data.categories.map((category) => (
            <li key={category.id}>
              <button
                type="button"
                aria-pressed={category.id === current}
                onClick={() => onChoose(category)}
                className="min-h-11 w-full rounded-lg px-3 text-left text-sm text-slate-800 hover:bg-white aria-pressed:bg-indigo-50 aria-pressed:font-semibold aria-pressed:text-indigo-900"
              >
                {category.name}
              </button>
            </li>
          ))}
        </ul>
      )}
      <Button variant="ghost" className="self-start" onClick={onClose}>
        Keep this category
      </Button>
    </div>
  )
}
