// Toasts with a title and an optional description, the shape every message in docs/product.md §8 has.
import { withToasts } from './toasts.ts'

type Kind = 'success' | 'error' | 'info' | 'warning'

export function notify(title: string, description?: string, kind: Kind = 'info') {
  withToasts(({ toast }) => {
    // The same message said again (a screen's toast, then the Dashboard's on arrival) stays up instead of flickering.
    const toastId = `${kind}:${title}:${description ?? ''}`
    if (toast.isActive(toastId)) return
    // One toast at a time (docs/product.md §9), and the newest message is the one that matters: replace, don't queue.
    toast.dismiss()
    toast.clearWaitingQueue()
    toast[kind](
      <div>
        <p className="font-semibold">{title}</p>
        {description && <p className="mt-0.5 text-sm">{description}</p>}
      </div>,
      { toastId },
    )
  })
}
