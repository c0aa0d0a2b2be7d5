// The toast container (docs/product.md §9): one toast at a time, 5 s, swipe right to dismiss, F8 moves focus to the toast.
// Loaded by ./Toaster.tsx with the first toast.
import { useEffect, useSyncExternalStore } from 'react'
import { Slide, ToastContainer, toast } from 'react-toastify/unstyled'
import { dialogIsOpen, onDialogsChange } from '../lib/toasts.ts'
// The stylesheet ships as a file: react-toastify's default entry injects it as an inline <style>, which the
// Content-Security-Policy refuses (style-src 'self'). Every import of the library uses the unstyled entry, so one store.
import 'react-toastify/ReactToastify.css'

const TOAST_REGION_ID = 'toasts'
// react-toastify measures swipes as a share of the toast's width; 12 % of a 420 px toast is the 50 px of docs/product.md §9.
const SWIPE_PERCENT = 12

/** The height the toast on screen takes (0 without one), as --toast-space for the dialog to keep clear. */
function measureToastSpace() {
  const container = document.querySelector(`#${TOAST_REGION_ID} .Toastify__toast-container`)
  const height = container?.querySelector('.Toastify__toast') ? container.getBoundingClientRect().height : 0
  document.documentElement.style.setProperty('--toast-space', `${Math.ceil(height)}px`)
}

export function ToastHost() {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'F8') return
      const target = document.querySelector<HTMLElement>(
        `#${TOAST_REGION_ID} [role="alert"], #${TOAST_REGION_ID} button`,
      )
      if (target) {
        event.preventDefault()
        target.setAttribute('tabindex', '-1')
        target.focus()
      }
    }
    window.addEventListener('keydown', onKeyDown)
    return () => window.removeEventListener('keydown', onKeyDown)
  }, [])

  // Over a dialog (a bottom sheet on a phone) the toast shows at the top, and the height it takes is --toast-space,
  // which the dialog keeps clear (ModalDialog), so neither covers the other.
  const overDialog = useSyncExternalStore(onDialogsChange, dialogIsOpen)
  useEffect(() => {
    const measure = () => requestAnimationFrame(measureToastSpace)
    measure()
    return toast.onChange(measure)
  }, [])

  return (
    <div id={TOAST_REGION_ID}>
      <ToastContainer
        position={overDialog ? 'top-right' : 'bottom-right'}
        limit={1}
        autoClose={5000}
        draggable
        draggableDirection="x"
        draggablePercent={SWIPE_PERCENT}
        transition={Slide}
        newestOnTop
        closeOnClick={false}
        theme="light"
      />
    </div>
  )
}
