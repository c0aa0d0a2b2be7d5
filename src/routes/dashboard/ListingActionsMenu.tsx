// A listing row's less frequent actions behind one button: Preview, Delete and the disabled second marketplace.
// Headless UI's menu (keyboard, focus, aria) loads after the Dashboard shows: see ListingsPanel.
import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react'
import { MENU_BUTTON_CLASS } from './listing-row-styles.ts'
const ITEM_CLASS = 'block w-full rounded-lg px-3 py-2.5 text-left text-sm text-slate-800 data-disabled:text-slate-400 data-focus:bg-slate-100'

export interface ListingActionsMenuProps {
  title: string
  onPreview: () => void
  onDelete: () => void
}

export function ListingActionsMenu({ title, onPreview, onDelete }: ListingActionsMenuProps) {
  return (
    <Menu>
      <MenuButton aria-label={`Actions for ${title}`} className={MENU_BUTTON_CLASS}>
        <span aria-hidden="true">⋯</span>
      </MenuButton>
      <MenuItems anchor="bottom end" className="z-40 w-56 rounded-xl border border-slate-200 bg-white p-1 shadow-lg focus:outline-none">
        <MenuItem>
          <button type="button" className={ITEM_CLASS} onClick={onPreview} aria-label={`Preview ${title}`}>
            Preview
          </button>
        </MenuItem>
        <MenuItem>
          <button type="button" className={ITEM_CLASS} onClick={onDelete} aria-label={`Delete ${title}`}>
            Delete
          </button>
        </MenuItem>
        <MenuItem disabled>
          <span className={ITEM_CLASS} title="Publishing to Etsy is coming soon">
            Etsy (Coming Soon)
          </span>
        </MenuItem>
      </MenuItems>
    </Menu>
  )
}
