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

// Dialogs open now. On a phone a dialog is a sheet at the bottom of the screen, where toasts otherwise show: while one
// is open, toasts show at the top instead and the sheet leaves them room (ToastHost, ModalDialog), so a toast never
// covers the sheet's buttons.
let openDialogs = 0
const dialogListeners = new Set<() => void>()

/** A dialog opened; call what it returns when it closes. */
export function dialogOpened() {
  openDialogs++
  dialogListeners.forEach((listener) => listener())
  return () => {
    openDialogs--
    dialogListeners.forEach((listener) => listener())
  }
}

export const dialogIsOpen = () => openDialogs > 0

export function onDialogsChange(listener: () => void) {
  dialogListeners.add(listener)
  return () => void dialogListeners.delete(listener)
}
