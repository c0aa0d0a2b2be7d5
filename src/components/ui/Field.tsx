// A form field's frame: label (with an optional badge), the control, and its error announced and tied to it.
import { useId, type ReactNode } from 'react'

export interface FieldProps {
  label: string
  error?: string | undefined
  badge?: ReactNode
  hint?: string
}

export interface ControlIds {
  id: string
  'aria-invalid': true | undefined
  'aria-describedby': string | undefined
}

export function Field({
  label,
  error,
  badge,
  hint,
  children,
}: FieldProps & { children: (ids: ControlIds) => ReactNode }) {
  const id = useId()
  const errorId = `${id}-error`
  const hintId = `${id}-hint`
  const describedBy = [error ? errorId : '', hint ? hintId : ''].filter(Boolean).join(' ') || undefined
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="flex items-center gap-2 text-sm font-medium text-slate-800">
        {label}
        {badge}
      </label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {hint && (
        <p id={hintId} className="text-xs text-slate-500">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  )
}

export const controlClass =
  'min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 placeholder:text-slate-400 focus:border-indigo-600 focus:outline-2 focus:outline-indigo-200 aria-invalid:border-red-600 disabled:bg-slate-100'
