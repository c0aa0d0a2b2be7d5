// The API answers a refused form with `fields` (field name → sentence); this puts each under the input it is about,
// and says the others where the seller sees them: no error is left on a field the form does not show (issue 47).
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form'
import { failureMessage, fieldErrors } from '../offline/api-error.ts'

/** Shows each sentence under the input of that name, for the fields the form has (the keys of `values`). */
export function showFieldErrors<T extends FieldValues>(
  setError: UseFormSetError<T>,
  values: object,
  fields: Record<string, string>,
) {
  for (const [field, message] of Object.entries(fields)) {
    if (field in values) setError(field as Path<T>, { message })
  }
}

/** A mutation's onError that shows the API's field errors on the inputs of the form that sent `values`. */
export const fieldErrorsOnto =
  <T extends FieldValues>(setError: UseFormSetError<T>, values: object) =>
  (error: unknown) =>
    showFieldErrors(setError, values, fieldErrors(error))

/** The sentence to show above a form that failed, or undefined when the API's reasons are already under its fields. */
export const formAlertFor = (error: unknown, fallback: string): string | undefined =>
  Object.keys(fieldErrors(error)).length > 0 ? undefined : failureMessage(error, fallback)

/**
 * Puts each sentence under its input where the form shows that field, and answers the others ("Label: sentence" where
 * `labels` names the field) for the form to say above its buttons.
 */
export function placeFieldErrors<T extends FieldValues>(
  setError: UseFormSetError<T>,
  shown: (field: string) => boolean,
  fields: Record<string, string>,
  labels: Record<string, string> = {},
): string[] {
  const unshown: string[] = []
  for (const [field, message] of Object.entries(fields)) {
    if (shown(field)) setError(field as Path<T>, { message })
    else unshown.push(labels[field] ? `${labels[field]}: ${message}` : message)
  }
  return unshown
}
