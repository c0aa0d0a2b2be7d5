// A listing row's less frequent actions behind one button: Preview, End on eBay or Relist (docs/product.md §4), Relist…
// once it sold out and Sell similar (issue 47), Sold elsewhere (a sale made off Snaplist's marketplaces,
// docs/decisions/0033), Delete
// and the second marketplace: Post to Etsy, marked Testing, once Etsy is set up and a shop connected (issue 29), else
// disabled and Coming Soon; none once the listing is on Etsy (the row says where it stands there).
// Headless UI's menu (keyboard, focus, aria) loads when the seller first taps a row's button: see ListingsPanel.
import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react'
import { useEffect, useRef } from 'react'
import { MENU_BUTTON_CLASS } from './listing-row-styles.ts'
const ITEM_CLASS =
  'block w-full rounded-lg px-3 py-2.5 text-left text-sm text-slate-800 data-disabled:text-slate-400 data-focus:bg-slate-100'

export interface ListingActionsMenuProps {
  title: string
  onPreview: () => void
  onDelete: () => void
  /** Offered while the listing is live on eBay. */
  onEndOnEbay?: (() => void) | undefined
  /** Offered once the seller has ended it there. */
  onRelist?: (() => void) | undefined
  /** Offered while pieces are left: records a sale made in person or on another marketplace. */
  onSoldElsewhere?: (() => void) | undefined
  /** Offered once every piece sold: another identical piece, put back up where it was (issue 47). */
  onRelistSold?: (() => void) | undefined
  /** A new listing from this one's fields and photos, for the next identical item. */
  onSellSimilar: () => void
  /** Post to Etsy; 'coming-soon' while Etsy is not set up or no shop is connected; undefined: no Etsy item. */
  etsyAction?: (() => void) | 'coming-soon' | undefined
  /** Opens as it mounts: the tap that loaded it was meant to open it. */
  openAtOnce?: boolean
}

export function ListingActionsMenu({
  title,
  onPreview,
  onDelete,
  onEndOnEbay,
  onRelist,
  etsyAction,
  onSoldElsewhere,
  onRelistSold,
  onSellSimilar,
  openAtOnce = false,
}: ListingActionsMenuProps) {
  const button = useRef<HTMLButtonElement>(null)
  // Once only: React's development mode runs effects twice, and a second click would close it again.
  const opened = useRef(false)
  useEffect(() => {
    if (!openAtOnce || opened.current) return
    opened.current = true
    button.current?.click()
  }, [openAtOnce])
  return (
    <Menu>
      <MenuButton ref={button} aria-label={`Actions for ${title}`} className={MENU_BUTTON_CLASS}>
        <span aria-hidden="true">⋯</span>
      </MenuButton>
      <MenuItems
        anchor="bottom end"
        className="z-40 w-56 rounded-xl border border-slate-200 bg-white p-1 shadow-lg focus:outline-none"
      >
        <MenuItem>
          <button type="button" className={ITEM_CLASS} onClick={onPreview} aria-label={`Preview ${title}`}>
            Preview
          </button>
        </MenuItem>
        {onEndOnEbay && (
          <MenuItem>
            <button type="button" className={ITEM_CLASS} onClick={onEndOnEbay} aria-label={`End on eBay: ${title}`}>
              End on eBay
            </button>
          </MenuItem>
        )}
        {onRelist && (
          <MenuItem>
            <button type="button" className={ITEM_CLASS} onClick={onRelist} aria-label={`Relist on eBay: ${title}`}>
              Relist on eBay
            </button>
          </MenuItem>
        )}
        {onRelistSold && (
          <MenuItem>
            <button type="button" className={ITEM_CLASS} onClick={onRelistSold} aria-label={`Relist: ${title}`}>
              Relist…
            </button>
          </MenuItem>
        )}
        <MenuItem>
          <button type="button" className={ITEM_CLASS} onClick={onSellSimilar} aria-label={`Sell similar: ${title}`}>
            Sell similar
          </button>
        </MenuItem>
        {onSoldElsewhere && (
          <MenuItem>
            <button
              type="button"
              className={ITEM_CLASS}
              onClick={onSoldElsewhere}
              aria-label={`Sold elsewhere: ${title}`}
            >
              Sold elsewhere…
            </button>
          </MenuItem>
        )}
        <MenuItem>
          <button type="button" className={ITEM_CLASS} onClick={onDelete} aria-label={`Delete ${title}`}>
            Delete
          </button>
        </MenuItem>
        {typeof etsyAction === 'function' && (
          <MenuItem>
            <button type="button" className={ITEM_CLASS} onClick={etsyAction} aria-label={`Post to Etsy: ${title}`}>
              Post to Etsy
              <span className="ml-2 rounded-full bg-amber-100 px-1.5 py-0.5 text-[0.6875rem] font-semibold text-amber-900">
                Testing
              </span>
            </button>
          </MenuItem>
        )}
        {etsyAction === 'coming-soon' && (
          <MenuItem disabled>
            <span className={ITEM_CLASS} title="Publishing to Etsy is coming soon">
              Etsy (Coming Soon)
            </span>
          </MenuItem>
        )}
      </MenuItems>
    </Menu>
  )
}
