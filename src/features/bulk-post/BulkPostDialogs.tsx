// The Dashboard's bulk post: opened by 'Post N' in the selection bar, and reopened after a reload while a confirmed
// one is kept on the phone, until its summary is closed; online only, as posting is the server's work (its code is not
// kept for offline use). The dialog, with every marketplace's part, is the Dashboard's
// to hand over (src/shell), loaded on first use.
import { Suspense, useEffect, useState, type ComponentType } from 'react'
import { useCurrentUser } from '../../hooks/useCurrentUser.ts'
import { useOnline } from '../../hooks/useOnline.ts'
import type { BulkPostDialogProps } from './BulkPostDialog.tsx'
import { hasPendingBulkPost } from './pending-key.ts'

export interface BulkPostDialogsProps {
  /** The listings 'Post N' sends at once; null: none chosen. */
  bulk: number[] | null
  onBulkClosed: () => void
  Dialog: ComponentType<BulkPostDialogProps>
}

export function BulkPostDialogs({ bulk, onBulkClosed, Dialog }: BulkPostDialogsProps) {
  const user = useCurrentUser()
  // Read once on screen: the phone's storage is not part of a server-rendered Dashboard.
  const [resuming, setResuming] = useState(false)
  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- what only the browser has, shown after hydration
    if (hasPendingBulkPost(user.id)) setResuming(true)
  }, [user.id])
  const online = useOnline()
  if ((!resuming && !bulk) || !online) return null
  return (
    <Suspense fallback={null}>
      <Dialog
        userId={user.id}
        listingIds={resuming ? [] : (bulk ?? [])}
        resume={resuming}
        onClose={() => {
          setResuming(false)
          onBulkClosed()
        }}
      />
    </Suspense>
  )
}
