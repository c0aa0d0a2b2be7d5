import type { SelectHTMLAttributes } from 'react'
import type { Option } from '../../../api/contract/options.ts'
import { controlClass, Field, type FieldProps } from './Field.tsx'

export function SelectField({
  label,
  error,
  badge,
  hint,
  options,
  placeholder = 'Select…',
  ...selectProps
}: SelectHTMLAttributes<HTMLSelectElement> & FieldProps & { options: readonly Option[]; placeholder?: string }) {
  return (
    <Field label={label} error={error} badge={badge} {...(hint ? { hint } : {})}>
      {(ids) => (
        <select className={controlClass} {...ids} {...selectProps}>
          <option value="">{placeholder}</option>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  )
}
