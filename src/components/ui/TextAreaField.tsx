import type { TextareaHTMLAttributes } from 'react'
import { controlClass, Field, type FieldProps } from './Field.tsx'

export function TextAreaField({
  label,
  error,
  badge,
  hint,
  className = '',
  ...textareaProps
}: TextareaHTMLAttributes<HTMLTextAreaElement> & FieldProps) {
  return (
    <Field label={label} error={error} badge={badge} {...(hint ? { hint } : {})}>
      {(ids) => <textarea className={`${controlClass} ${className}`} {...ids} {...textareaProps} />}
    </Field>
  )
}
