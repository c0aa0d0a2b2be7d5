// react-toastify loads with the first toast rather than with every screen. Asking for it also tells the Toaster to
// mount its container, which shows whatever was raised while the library loaded.
import type * as toastify from 'react-toastify/unstyled'

type Toastify = typeof toastify

let requested = false
const listeners = new Set<() => void>()

export function withToasts(use: (toastify: Toastify) => void) {
  if (!requested) {
    requested = true
    listeners.forEach((listener) => listener())
  }
  void import('react-toastify/unstyled').then(use)
}

export const toastsRequested = () => requested

export function onToastsRequested(listener: () => void) {
  listeners.add(listener)
  return () => void listeners.delete(listener)
}
