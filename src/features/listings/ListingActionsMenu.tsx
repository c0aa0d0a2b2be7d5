// A listing row's less frequent actions behind one button: Preview; then each marketplace's, the same for every one
// and in the marketplaces' order (every Post to, then every End on, then every Relist on:
// docs/decisions/0063); Relist… once it sold out and Sell similar (issue 47), Sold elsewhere (a sale made off
// Snaplist's marketplaces, docs/decisions/0033), and Delete last.
// Headless UI's menu (keyboard, focus, aria) loads when the seller first taps a row's button: see ListingsPanel.
import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react'
import { useEffect, useRef } from 'react'
import { SOLD_ON_LABELS } from '../../../api/contract/listing-status.ts'
import type { Platform } from '../../../api/contract/marketplace-paths.ts'
import { MENU_BUTTON_CLASS } from '../../components/listing-row-styles.ts'
const ITEM_CLASS =
  'block w-full rounded-lg px-3 py-2.5 text-left text-sm text-slate-800 data-disabled:text-slate-400 data-focus:bg-slate-100'

/** What a row offers on one marketplace now; each is undefined when it does not apply there. */
export interface PlaceActions {
  marketplace: Platform
  /** Offered while the listing can go there (never there, or a publish there to finish). */
  onPost: (() => void) | undefined
  /** Offered while it is live there. */
  onEnd: (() => void) | undefined
  /** Offered once the seller ended it there and pieces are left. */
  onRelist: (() => void) | undefined
}

export interface ListingActionsMenuProps {
  title: string
  onPreview: () => void
  onDelete: () => void
  /** Every marketplace, in the marketplaces' order (PLATFORMS). */
  places: PlaceActions[]
  /** Offered while pieces are left: records a sale made in person or on another marketplace. */
  onSoldElsewhere?: (() => void) | undefined
  /** Offered once every piece sold: another identical piece, put back up where it was (issue 47). */
  onRelistSold?: (() => void) | undefined
  /** A new listing from this one's fields and photos, for the next identical item. */
  onSellSimilar: () => void
  /** Opens as it mounts: the tap that loaded it was meant to open it. */
  openAtOnce?: boolean
}

/** One item; its name says the listing too ("End on <marketplace>: Red jacket"), for a screen reader going from row to row. */
function Item({
  label,
  name = label,
  title,
  onClick,
}: {
  label: string
  name?: string
  title: string
  onClick: () => void
}) {
  return (
    <MenuItem>
      <button type="button" className={ITEM_CLASS} onClick={onClick} aria-label={`${name}: ${title}`}>
        {label}
      </button>
    </MenuItem>
  )
}

/** The marketplaces' items of one kind, together: "Post to <marketplace>" for each. */
function PlaceItems({
  places,
  act,
  verb,
  title,
}: {
  places: PlaceActions[]
  act: 'onPost' | 'onEnd' | 'onRelist'
  verb: string
  title: string
}) {
  return places.map((place) => {
    const onClick = place[act]
    return (
      onClick && (
        <Item
          key={place.marketplace}
          label={`${verb} ${SOLD_ON_LABELS[place.marketplace]}`}
          title={title}
          onClick={onClick}
        />
      )
    )
  })
}

export function ListingActionsMenu({
  title,
  onPreview,
  onDelete,
  places,
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
        <PlaceItems places={places} act="onPost" verb="Post to" title={title} />
        <PlaceItems places={places} act="onEnd" verb="End on" title={title} />
        <PlaceItems places={places} act="onRelist" verb="Relist on" title={title} />
        {onRelistSold && <Item label="Relist…" name="Relist" title={title} onClick={onRelistSold} />}
        <Item label="Sell similar" title={title} onClick={onSellSimilar} />
        {onSoldElsewhere && (
          <Item label="Sold elsewhere…" name="Sold elsewhere" title={title} onClick={onSoldElsewhere} />
        )}
        <MenuItem>
          <button type="button" className={ITEM_CLASS} onClick={onDelete} aria-label={`Delete ${title}`}>
            Delete
          </button>
        </MenuItem>
      </MenuItems>
    </Menu>
  )
}
