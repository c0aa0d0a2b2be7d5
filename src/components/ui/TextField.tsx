import type { InputHTMLAttributes } from 'react'
import { controlClass, Field, type FieldProps } from './Field.tsx'

export function TextField({
  label,
  error,
  badge,
  hint,
  ...inputProps
}: InputHTMLAttributes<HTMLInputElement> & FieldProps) {
  return (
    <Field label={label} error={error} badge={badge} {...(hint ? { hint } : {})}>
      {(ids) => <input className={controlClass} {...ids} {...inputProps} />}
    </Field>
  )
}
