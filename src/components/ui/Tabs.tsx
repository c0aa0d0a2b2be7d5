// Tabs over Headless UI's TabGroup: arrow-key navigation and tab/panel aria wiring come from the library.
import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react'
import type { ReactNode } from 'react'

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

export function Tabs({ tabs, label, selectedIndex, onChange }: TabsProps) {
  return (
    <TabGroup selectedIndex={selectedIndex} onChange={onChange}>
      <TabList aria-label={label} className="grid grid-flow-col auto-cols-fr gap-1 rounded-lg bg-slate-100 p-1">
        {tabs.map((tab) => (
          <Tab
            key={tab.label}
            className="min-h-10 rounded-md px-3 text-sm font-semibold text-slate-700 focus-visible:outline-2 focus-visible:outline-indigo-700 data-selected:bg-white data-selected:text-slate-900 data-selected:shadow-sm"
          >
            {tab.label}
          </Tab>
        ))}
      </TabList>
      <TabPanels className="mt-5">
        {tabs.map((tab) => (
          <TabPanel key={tab.label}>{tab.content}</TabPanel>
        ))}
      </TabPanels>
    </TabGroup>
  )
}
