// The app's one modal dialog. Headless UI's dialog and the focus and interaction code under it are a fifth of a
// screen's JavaScript, so they load when a dialog first opens, not with every screen that has one.
import { lazy, Suspense } from 'react'
// Only the type: the dialog's code still loads on first open.
import type { DialogProps } from './ModalDialog.tsx'

const ModalDialog = lazy(async () => ({ default: (await import('./ModalDialog.tsx')).ModalDialog }))

export function Dialog(props: DialogProps) {
  if (!props.open) return null
  return (
    <Suspense fallback={null}>
      <ModalDialog {...props} />
    </Suspense>
  )
}
