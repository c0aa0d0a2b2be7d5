// Create New Listing (SPEC §2) over a draft on this phone: /list-item?draft=<id> edits that draft; without one, a new
// draft id is made and put in the address, so a reload (or a phone that kills the tab) comes back to the same draft.
import { useNavigate, useSearch } from '@tanstack/react-router'
import { useEffect, useState } from 'react'
import { FullPageSpinner } from '../components/Spinner.tsx'
import { useDraft } from '../hooks/useDrafts.ts'
import { uuid } from '../lib/uuid.ts'
import { DraftForm } from './list-item/DraftForm.tsx'

export function ListItemScreen() {
  const { draft: requested } = useSearch({ strict: false }) as { draft?: string }
  const navigate = useNavigate()
  const [fresh] = useState(uuid)
  const draftId = requested ?? fresh
  useEffect(() => {
    if (!requested) void navigate({ to: '/list-item', search: { draft: draftId }, replace: true })
  }, [requested, draftId, navigate])
  const view = useDraft(draftId)
  if (view === undefined) return <FullPageSpinner label="Opening draft" />
  return <DraftForm key={draftId} draftId={draftId} view={view} />
}
