// The modal dialog itself, wrapping Headless UI's (focus trap, Escape, aria wiring); screens use ./Dialog.tsx, which
// loads this on first open. On phones it is a bottom sheet whose header, with its close button, stays in reach
// however long the content is, and which is never taller than the screen left below a toast (--toast-space).
import { CloseButton, DialogPanel, DialogTitle, Dialog as HeadlessDialog } from '@headlessui/react'
import { useEffect, type ReactNode } from 'react'
import { dialogOpened, toastsRequested, withToasts } from '../../lib/toasts.ts'

export interface DialogProps {
  open: boolean
  onClose: () => void
  title: string
  children: ReactNode
  wide?: boolean
}

export function ModalDialog({ open, onClose, title, children, wide = false }: DialogProps) {
  // A toast left from before (e.g. 'Listing created') would cover the sheet's buttons on a phone; what the dialog
  // itself raises still shows.
  useEffect(() => {
    if (open && toastsRequested()) withToasts(({ toast }) => toast.dismiss())
  }, [open])
  // While it is open, toasts show above it rather than over its buttons.
  useEffect(() => (open ? dialogOpened() : undefined), [open])
  return (
    <HeadlessDialog open={open} onClose={onClose} className="relative z-50">
      <div className="fixed inset-0 bg-slate-900/50" aria-hidden="true" />
      <div className="fixed inset-0 flex items-end justify-center sm:items-center sm:p-4">
        <DialogPanel
          className={`flex max-h-[min(90dvh,calc(100dvh_-_var(--toast-space,0px)))] w-full sm:max-h-[90dvh] flex-col rounded-t-2xl bg-white shadow-xl sm:rounded-2xl ${wide ? 'sm:max-w-2xl' : 'sm:max-w-md'}`}
        >
          <div className="flex items-start justify-between gap-3 border-b border-slate-100 px-5 pt-4 pb-3">
            <DialogTitle className="text-lg font-semibold text-slate-900">{title}</DialogTitle>
            <CloseButton
              aria-label="Close dialog"
              className="-mt-1 -mr-2 flex h-10 w-10 shrink-0 items-center justify-center rounded-full text-2xl text-slate-500 hover:bg-slate-100 hover:text-slate-900"
            >
              ×
            </CloseButton>
          </div>
          {/* Focusable, so a keyboard can scroll content that has nothing focusable in it (a template preview). */}
          <div
            tabIndex={0}
            className="overflow-y-auto px-5 pt-3 pb-5 focus-visible:outline-2 focus-visible:outline-indigo-700"
          >
            {children}
          </div>
        </DialogPanel>
      </div>
    </HeadlessDialog>
  )
}
