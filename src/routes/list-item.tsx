// Create New Listing (docs/product.md §2) over a draft on this phone: /list-item?draft=<id> edits that draft; without one (New
// Listing), a new draft id is made every time and put in the address, so a reload (or a phone that kills the tab)
// comes back to the same draft, and New Listing tapped again starts another one; the unfinished one waits on the
// Dashboard under Drafts, where Edit opens it again.
import { useNavigate, useSearch } from '@tanstack/react-router'
import { useEffect } from 'react'
import { FullPageSpinner } from '../components/Spinner.tsx'
import { useDraft } from '../hooks/useDrafts.ts'
import { uuid } from '../lib/uuid.ts'
import { DraftForm } from './list-item/DraftForm.tsx'

function OpenDraft({ draftId }: { draftId: string }) {
  const view = useDraft(draftId)
  if (view === undefined) return <FullPageSpinner label="Opening draft" />
  return <DraftForm draftId={draftId} view={view} />
}

export function ListItemScreen() {
  const { draft: requested } = useSearch({ strict: false }) as { draft?: string }
  const navigate = useNavigate()
  useEffect(() => {
    if (!requested) void navigate({ to: '/list-item', search: { draft: uuid() }, replace: true })
  }, [requested, navigate])
  if (!requested) return <FullPageSpinner label="Opening draft" />
  // Keyed: a new draft id mounts afresh, so nothing of the previous draft (its fields, its photos) carries over.
  return <OpenDraft key={requested} draftId={requested} />
}
