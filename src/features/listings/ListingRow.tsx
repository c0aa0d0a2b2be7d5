// One row of Your Listings: thumbnail, title (two lines), status, price, size and Edit with a marketplace's quick action
// or pill where it has one, its sales, then each marketplace's lines of where it stands there (the marketplaces' wings,
// docs/decisions/0068); the rest is in the row's menu, loaded when first tapped, each marketplace's actions there alike
// (decision 0063). Every row has a checkbox: posting many at once, or changing them (a bulk action).
import { lazy, Suspense, useState, type MouseEvent } from 'react'
import type { Listing } from '../../../api/contract/listing.ts'
import { placeOn, listedPrice, type ListingStatus, type PlaceState } from '../../../api/contract/listing-status.ts'
import { PLATFORMS, type Platform } from '../../../api/contract/marketplace-paths.ts'
import { thumbnailOf } from '../../../api/contract/photos.ts'
import type { DraftStatus } from '../../offline/draft-status.ts'
import { COMPACT_ACTION, MENU_BUTTON_CLASS } from '../../components/listing-row-styles.ts'
import { MARKETPLACE_WINGS } from '../../marketplaces/registry.ts'
import { SaleLines } from './SaleLines.tsx'
import type { ListingActionsMenuProps, PlaceActions } from './ListingActionsMenu.tsx'
import { EditState, StatusBadge } from './ListingStatus.tsx'

// Headless UI's menu is a large part of a screen's JavaScript, and a few hundred of them would slow scrolling: each
// row has a plain button until the seller taps it, and then that row's menu loads and opens.
const LazyActionsMenu = lazy(async () => ({ default: (await import('./ListingActionsMenu.tsx')).ListingActionsMenu }))

function ActionsMenu(props: Omit<ListingActionsMenuProps, 'openAtOnce'>) {
  const [wanted, setWanted] = useState(false)
  const button = (onClick?: () => void) => (
    <button
      type="button"
      aria-haspopup="menu"
      disabled={!onClick}
      onClick={onClick}
      aria-label={`Actions for ${props.title}`}
      className={MENU_BUTTON_CLASS}
    >
      <span aria-hidden="true">⋯</span>
    </button>
  )
  if (!wanted) return button(() => setWanted(true))
  return (
    <Suspense fallback={button()}>
      <LazyActionsMenu {...props} openAtOnce />
    </Suspense>
  )
}

export interface RowActions {
  onEdit: (event: MouseEvent) => void
  onPreview: () => void
  /** Opens that marketplace's Post dialog. */
  onPost: (marketplace: Platform) => void
  onDelete: () => void
  /** Asks before ending it on that marketplace. */
  onEnd: (marketplace: Platform) => void
  onRelist: (marketplace: Platform) => void
  onSoldElsewhere: () => void
  onRelistSold: () => void
  onSellSimilar: () => void
}

interface ListingRowProps extends RowActions {
  listing: Listing
  status: ListingStatus
  /** This phone's edit of the listing that the server does not have yet. */
  edit: DraftStatus | undefined
  /** Whether the list has a checkbox column (rows can be chosen to post or change many at once). */
  selectable: boolean
  selected: boolean
  onSelect: (selected: boolean) => void
}

/** Where a listing can still go: never there, a publish there to finish, or one the marketplace refused. */
const POSTABLE: ReadonlySet<PlaceState | undefined> = new Set([undefined, 'unlisted', 'publishing', 'refused'])

/** Each marketplace's actions on the row, from its place there, in the marketplaces' order. */
function placeActions(listing: Listing, status: ListingStatus, actions: RowActions): PlaceActions[] {
  return PLATFORMS.map((marketplace) => {
    const state = placeOn(listing, marketplace)
    const forSale = status !== 'sold' && listing.quantity > 0
    return {
      marketplace,
      onPost: forSale && POSTABLE.has(state) ? () => actions.onPost(marketplace) : undefined,
      onEnd: state === 'live' ? () => actions.onEnd(marketplace) : undefined,
      onRelist: forSale && state === 'ended' ? () => actions.onRelist(marketplace) : undefined,
    }
  })
}

export function ListingRow(props: ListingRowProps) {
  const { listing, status, edit, selectable, selected, onSelect, onEdit, onPost } = props
  const first = listing.images[0]
  return (
    <li className="flex items-center gap-3 py-1">
      {selectable && (
        <label className="-mx-2 -my-2 flex shrink-0 cursor-pointer items-center self-stretch px-2">
          <input
            type="checkbox"
            checked={selected}
            onChange={(event) => onSelect(event.target.checked)}
            aria-label={`Select ${listing.title}`}
            className="h-5 w-5 rounded border-slate-400 accent-indigo-700"
          />
        </label>
      )}
      {first ? (
        <img
          src={thumbnailOf(first)}
          alt=""
          width={64}
          height={64}
          loading="lazy"
          decoding="async"
          className="h-16 w-16 shrink-0 rounded-lg bg-slate-100 object-cover"
        />
      ) : (
        <div className="h-16 w-16 shrink-0 rounded-lg bg-slate-100" aria-hidden="true" />
      )}
      <div className="min-w-0 flex-1">
        <p className="line-clamp-2 font-medium break-words text-slate-900">{listing.title}</p>
        {/* One line whatever it holds: a long size gives way (cut short) before the row grows a line. */}
        <div className="mt-0.5 flex min-w-0 items-center gap-x-2">
          <StatusBadge listing={listing} status={status} />
          {/* The price the listing sells at (the seller's Price), not the new retail price kept as a reference. */}
          <span className="shrink-0 text-sm text-slate-600 tabular-nums">${listedPrice(listing).value.toFixed(2)}</span>
          {/* The size, which the bag and the buyer's question both start from ("the 32s?"). */}
          {listing.size && (
            <span className="min-w-0 truncate rounded-md border border-slate-200 px-1 text-xs font-medium text-slate-700">
              <span className="sr-only">Size </span>
              {listing.size}
            </span>
          )}
        </div>
        {edit && <EditState edit={edit} />}
        <div className="mt-0.5 flex min-h-9 items-center gap-2">
          {/* A plain link: a router Link per row (each subscribing to the router) made long lists scroll slower. */}
          <a
            href={`/list-item?edit=${listing.id}`}
            onClick={onEdit}
            aria-label={`Edit ${listing.title}`}
            className={`${COMPACT_ACTION} -ml-3 text-indigo-700 hover:bg-indigo-50`}
          >
            Edit
          </a>
          {/* A marketplace's quick action or pill, where it has one (SPEC's row). */}
          {MARKETPLACE_WINGS.map(
            ({ id, RowAction }) => RowAction && <RowAction key={id} listing={listing} onPost={() => onPost(id)} />,
          )}
        </div>
        <SaleLines listing={listing} />
        {MARKETPLACE_WINGS.map(({ id, RowLines }) => (
          <RowLines key={id} listing={listing} />
        ))}
      </div>
      <ActionsMenu
        title={listing.title}
        onPreview={props.onPreview}
        onDelete={props.onDelete}
        places={placeActions(listing, status, props)}
        onSoldElsewhere={listing.quantity > 0 && status !== 'sold' ? props.onSoldElsewhere : undefined}
        onRelistSold={listing.quantity === 0 ? props.onRelistSold : undefined}
        onSellSimilar={props.onSellSimilar}
      />
    </li>
  )
}
