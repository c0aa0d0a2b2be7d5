// The API answers a refused form with `fields` (field name → sentence); this puts each under the input it is about.
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form'
import { fieldErrors } from '../offline/api-error.ts'

/** A mutation's onError that shows the API's field errors on the inputs of the form that sent `values`. */
export function fieldErrorsOnto<T extends FieldValues>(setError: UseFormSetError<T>, values: object) {
  return (error: unknown) => {
    for (const [field, message] of Object.entries(fieldErrors(error))) {
      if (field in values) setError(field as Path<T>, { message })
    }
  }
}
