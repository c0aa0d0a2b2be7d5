// The state an expense's or a drive's form keeps: the text of each input, the contract's sentence under each one that
// fails its check, and the day a new entry starts on.
import { useState } from 'react'
import * as v from 'valibot'

/** Today when the year shown is this one, else its last day: a new entry falls in the year the seller is looking at. */
export function dayIn(year: number): string {
  const today = new Date()
  return today.getFullYear() === year ? today.toLocaleDateString('en-CA') : `${year}-12-31`
}

export function useEntryForm<Values extends Record<string, string>>(initial: () => Values) {
  const [values, setValues] = useState(initial)
  const [errors, setErrors] = useState<Record<string, string>>({})
  return {
    values,
    /** Back to a new entry's values. */
    reset: () => setValues(initial()),
    /** The values as `schema` reads them (with `extra`), or undefined with each failing input's sentence under it. */
    check<Schema extends v.GenericSchema>(schema: Schema, extra: object = {}): v.InferOutput<Schema> | undefined {
      const parsed = v.safeParse(schema, { ...values, ...extra })
      setErrors(
        parsed.success
          ? {}
          : Object.fromEntries(parsed.issues.map((issue) => [v.getDotPath(issue) ?? '', issue.message])),
      )
      return parsed.success ? parsed.output : undefined
    },
    /** What an input of `name` takes: its value, its change, its sentence. */
    field: (name: keyof Values & string) => ({
      value: values[name],
      onChange: (event: { target: { value: string } }) => setValues({ ...values, [name]: event.target.value }),
      error: errors[name],
    }),
  }
}
