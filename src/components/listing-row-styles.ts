// The row menu's button, shared by the menu and the stand-in shown while the menu's code loads (so nothing moves).
export const MENU_BUTTON_CLASS =
  'inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-full text-xl font-bold text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-700'

// A row's compact action beside Edit (a marketplace's quick Post or View): a phone's tap target in a row's height.
export const COMPACT_ACTION =
  'inline-flex min-h-9 items-center whitespace-nowrap justify-center rounded-lg px-3 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-700'
