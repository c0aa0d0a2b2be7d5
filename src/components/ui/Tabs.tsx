// Tabs as the WAI-ARIA pattern has them: a tablist of buttons, the selected one in the Tab order and the arrow keys
// (Home, End) moving between them, each panel labelled by its tab. Written out rather than taken from Headless UI so the
// sign-in screen, prerendered and hydrated, needs no UI library before it is used (docs/decisions/0014).
import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react'

export interface TabItem {
  label: string
  content: ReactNode
}

export interface TabsProps {
  tabs: TabItem[]
  label: string
  /** Controlled mode, e.g. when the URL remembers the tab; uncontrolled without. */
  selectedIndex?: number
  onChange?: (index: number) => void
}

/** Where a key press moves the selection, or undefined for keys the tablist leaves alone. */
function movedTo(key: string, current: number, count: number): number | undefined {
  if (key === 'ArrowRight') return (current + 1) % count
  if (key === 'ArrowLeft') return (current - 1 + count) % count
  if (key === 'Home') return 0
  if (key === 'End') return count - 1
  return undefined
}

export function Tabs({ tabs, label, selectedIndex, onChange }: TabsProps) {
  const id = useId()
  const [ownIndex, setOwnIndex] = useState(0)
  const selected = selectedIndex ?? ownIndex
  const buttons = useRef<(HTMLButtonElement | null)[]>([])
  const select = (index: number) => {
    setOwnIndex(index)
    if (index !== selected) onChange?.(index)
  }
  const onKeyDown = (event: KeyboardEvent) => {
    const next = movedTo(event.key, selected, tabs.length)
    if (next === undefined) return
    event.preventDefault()
    select(next)
    buttons.current[next]?.focus()
  }
  return (
    <div>
      <div
        role="tablist"
        aria-label={label}
        onKeyDown={onKeyDown}
        className="grid grid-flow-col auto-cols-fr gap-1 rounded-lg bg-slate-100 p-1"
      >
        {tabs.map((tab, index) => (
          <button
            key={tab.label}
            ref={(button) => void (buttons.current[index] = button)}
            type="button"
            role="tab"
            id={`${id}-tab-${index}`}
            aria-controls={`${id}-panel-${index}`}
            aria-selected={index === selected}
            tabIndex={index === selected ? 0 : -1}
            data-selected={index === selected ? '' : undefined}
            onClick={() => select(index)}
            className="min-h-10 rounded-md px-3 text-sm font-semibold text-slate-700 focus-visible:outline-2 focus-visible:outline-indigo-700 data-selected:bg-white data-selected:text-slate-900 data-selected:shadow-sm"
          >
            {tab.label}
          </button>
        ))}
      </div>
      {/* Only the selected panel is mounted, as before: a form's state starts afresh when its tab is chosen again. */}
      <div
        key={selected}
        role="tabpanel"
        id={`${id}-panel-${selected}`}
        aria-labelledby={`${id}-tab-${selected}`}
        tabIndex={0}
        className="mt-5"
      >
        {tabs[selected]?.content}
      </div>
    </div>
  )
}
