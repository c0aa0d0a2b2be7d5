// The toast container (docs/product.md §9): one toast at a time, 5 s, swipe right to dismiss, F8 moves focus to the toast.
// Loaded by ./Toaster.tsx with the first toast.
import { useEffect } from 'react'
import { Slide, ToastContainer } from 'react-toastify/unstyled'
// The stylesheet ships as a file: react-toastify's default entry injects it as an inline <style>, which the
// Content-Security-Policy refuses (style-src 'self'). Every import of the library uses the unstyled entry, so one store.
import 'react-toastify/ReactToastify.css'

const TOAST_REGION_ID = 'toasts'
// react-toastify measures swipes as a share of the toast's width; 12 % of a 420 px toast is the 50 px of docs/product.md §9.
const SWIPE_PERCENT = 12

export function ToastHost() {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'F8') return
      const target = document.querySelector<HTMLElement>(`#${TOAST_REGION_ID} [role="alert"], #${TOAST_REGION_ID} button`)
      if (target) {
        event.preventDefault()
        target.setAttribute('tabindex', '-1')
        target.focus()
      }
    }
    window.addEventListener('keydown', onKeyDown)
    return () => window.removeEventListener('keydown', onKeyDown)
  }, [])

  return (
    <div id={TOAST_REGION_ID}>
      <ToastContainer
        position="bottom-right"
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
