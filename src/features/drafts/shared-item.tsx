// /shared?id=<id>: photos shared to Snaplist from another app, shown before anything is kept (issue 27, F5). "Add as
// draft" makes them a draft (which then uploads and is analysed like any other) and opens it; "Discard" forgets them.
// /shared?refused=1: the service worker refused a share that a page of another site sent.
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router'
import { useLiveQuery } from 'dexie-react-hooks'
import { useEffect, useMemo, useState } from 'react'
import { Button, buttonClass } from '../../components/ui/Button.tsx'
import { FullPageSpinner } from '../../components/ui/Spinner.tsx'
import { localDb, type SharedItem } from '../../offline/db.ts'
import { createShareStore } from '../../offline/shares.ts'
import { useCurrentUser } from '../../hooks/useCurrentUser.ts'

const route = getRouteApi('/signed-in/shared')

function Notice({ title, children }: { title: string; children: string }) {
  return (
    <div className="mx-auto flex max-w-md flex-col items-center gap-3 py-10 text-center">
      <h1 className="text-lg font-semibold text-slate-900">{title}</h1>
      <p className="text-sm text-slate-600">{children}</p>
      <Link to="/" className={buttonClass('secondary')}>
        Go to Dashboard
      </Link>
    </div>
  )
}

function usePreviews(item: SharedItem) {
  const urls = useMemo(() => item.photos.map((photo) => URL.createObjectURL(photo.thumbnail)), [item])
  useEffect(() => () => urls.forEach((url) => URL.revokeObjectURL(url)), [urls])
  return urls
}

function SharedItemReview({ item, onAdd, onDiscard }: { item: SharedItem; onAdd: () => void; onDiscard: () => void }) {
  const previews = usePreviews(item)
  const [busy, setBusy] = useState(false)
  const act = (action: () => void) => () => {
    setBusy(true)
    action()
  }
  return (
    <div className="mx-auto flex max-w-md flex-col gap-4 py-4">
      <h1 className="text-xl font-semibold text-slate-900">Add what you shared?</h1>
      <p className="text-sm text-slate-600">
        {item.photos.length === 1 ? 'This photo was' : `These ${item.photos.length} photos were`} shared to Snaplist.
        Nothing is kept or uploaded until you add it.
      </p>
      {/* The title came from outside: shown as text only, never as markup. */}
      {item.title && (
        <p className="text-sm">
          <span className="text-slate-600">Title: </span>
          <span className="font-medium break-words text-slate-900" data-testid="shared-title">
            {item.title}
          </span>
        </p>
      )}
      <ul className="grid grid-cols-3 gap-2" aria-label="Shared photos">
        {previews.map((url, index) => (
          <li key={url}>
            <img src={url} alt={`Shared photo ${index + 1}`} className="aspect-square w-full rounded-md object-cover" />
          </li>
        ))}
      </ul>
      <div className="flex flex-col gap-2 sm:flex-row-reverse">
        <Button onClick={act(onAdd)} disabled={busy}>
          Add as draft
        </Button>
        <Button variant="secondary" onClick={act(onDiscard)} disabled={busy}>
          Discard
        </Button>
      </div>
    </div>
  )
}

export function SharedItemScreen() {
  const { id, refused } = route.useSearch()
  const navigate = useNavigate()
  const { id: userId } = useCurrentUser()
  const shares = useMemo(() => createShareStore(localDb(), userId), [userId])
  // null once looked up and not found.
  const item = useLiveQuery(async () => (id ? ((await shares.find(id)) ?? null) : null), [shares, id])

  if (refused) {
    return (
      <Notice title="Nothing was added">
        A website tried to send photos to Snaplist. They were not kept. To add photos, share them from your phone's
        gallery or tap New Listing.
      </Notice>
    )
  }
  if (item === undefined) return <FullPageSpinner label="Opening shared photos" />
  if (item === null) return <Notice title="Nothing to add">These shared photos were already added or discarded.</Notice>
  const add = async () => {
    const draft = await shares.addAsDraft(item.id)
    await navigate(draft ? { to: '/list-item', search: { draft }, replace: true } : { to: '/', replace: true })
  }
  const discard = async () => {
    await shares.discard(item.id)
    await navigate({ to: '/', replace: true })
  }
  return <SharedItemReview item={item} onAdd={() => void add()} onDiscard={() => void discard()} />
}
