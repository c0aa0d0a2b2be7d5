// An on/off switch over Headless UI's (role="switch", Space to toggle, label wiring come from the library).
import { Field, Label, Switch as HeadlessSwitch } from '@headlessui/react'

export function Switch({
  label,
  checked,
  onChange,
}: {
  label: string
  checked: boolean
  onChange: (checked: boolean) => void
}) {
  return (
    <Field className="flex items-center gap-3">
      <HeadlessSwitch
        checked={checked}
        onChange={onChange}
        className="group relative inline-flex h-7 w-12 shrink-0 cursor-pointer items-center rounded-full bg-slate-300 transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-700 data-checked:bg-indigo-700"
      >
        <span
          aria-hidden="true"
          className="inline-block h-5 w-5 translate-x-1 rounded-full bg-white shadow transition-transform group-data-checked:translate-x-6"
        />
      </HeadlessSwitch>
      <Label className="text-sm font-medium text-slate-800">{label}</Label>
    </Field>
  )
}
