// Asks before an admin delete, which cannot be undone: what goes with it, Cancel, and the delete in red.
import type { UseMutationResult } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { Button } from '../../components/ui/Button.tsx'
import { Dialog } from '../../components/ui/Dialog.tsx'

export interface ConfirmDeleteProps<Target extends { id: number }> {
  /** What to delete; null while the dialog is closed. */
  target: Target | null
  remove: UseMutationResult<unknown, Error, number>
  title: string
  confirmLabel: string
  onClose: () => void
  children: (target: Target) => ReactNode
}

export function ConfirmDelete<Target extends { id: number }>({
  target,
  remove,
  title,
  confirmLabel,
  onClose,
  children,
}: ConfirmDeleteProps<Target>) {
  return (
    <Dialog open={target !== null} onClose={onClose} title={title}>
      {target && <div className="text-sm text-slate-600">{children(target)}</div>}
      <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button
          variant="danger"
          disabled={remove.isPending}
          onClick={() => target && remove.mutate(target.id, { onSettled: onClose })}
        >
          {remove.isPending ? 'Deleting...' : confirmLabel}
        </Button>
      </div>
    </Dialog>
  )
}
