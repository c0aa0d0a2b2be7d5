// The year's business drives (docs/decisions/0061): added with the miles typed or two odometer readings, changed (Change
// opens the form on the drive), deleted; the year's miles, the rate (the IRS's kept as data, or the seller's own) and
// the deduction above.
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import * as v from 'valibot'
import { MileageRateInputSchema } from '../../../api/contract/mileage.ts'
import { TripInputSchema, type Trip } from '../../../api/contract/trips.ts'
import { Button } from '../../components/ui/Button.tsx'
import { TextField } from '../../components/ui/TextField.tsx'
import { api, errorMessage, okJson } from '../../lib/api.ts'
import { notify } from '../../lib/notify.tsx'
import { uuid } from '../../lib/uuid.ts'
import { card, dollars, milesText, rateText } from './cents.ts'
import { refreshTaxYear, tripsQuery } from './tax-year-queries.ts'
import { dayIn, useEntryForm } from './useEntryForm.ts'

const blank = (year: number) => ({
  drivenOn: dayIn(year),
  purpose: '',
  miles: '',
  odometerStart: '',
  odometerEnd: '',
})
/** A tenth of a mile as the seller types it; blank when there is none. */
const tenthsText = (tenths: number | null) => (tenths === null ? '' : (tenths / 10).toFixed(1))

/** The form's text for a drive kept already: its readings when it was read off the odometer, else its miles. */
const formOf = (trip: Trip) => {
  const read = trip.odometerStartTenths !== null
  return {
    drivenOn: trip.drivenOn,
    purpose: trip.purpose,
    miles: read ? '' : tenthsText(trip.milesTenths),
    odometerStart: tenthsText(trip.odometerStartTenths),
    odometerEnd: tenthsText(trip.odometerEndTenths),
  }
}

/** Logs a drive (for the haul `haulId`, when given), or changes `editing` (kept with its haul). */
function TripForm(props: { year: number; haulId: string | null; editing?: Trip; onDone?: () => void }) {
  const { year, haulId, editing, onDone } = props
  const queryClient = useQueryClient()
  const form = useEntryForm(() => (editing ? formOf(editing) : blank(year)))
  const done = editing ? 'changed' : 'added'
  const save = useMutation({
    mutationFn: (clientId: string) =>
      editing
        ? okJson(api.trips[':id'].$patch({ param: { id: String(editing.id) }, json: form.values }))
        : okJson(api.trips.$post({ json: { ...form.values, clientId, haulId } })),
    onSuccess: async (trip) => {
      notify(`Trip of ${milesText(trip.milesTenths)} ${done}`)
      form.reset()
      onDone?.()
      await refreshTaxYear(queryClient)
    },
    onError: (error) => notify(`The trip was not ${done}`, errorMessage(error), 'error'),
  })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const clientId = uuid()
    if (form.check(TripInputSchema, { clientId })) save.mutate(clientId)
  }
  const { field } = form
  const title = editing ? 'Change the drive' : 'Log a drive'
  return (
    <form aria-label={title} onSubmit={submit} noValidate className={`${card} flex flex-col gap-3`}>
      <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
      {haulId && !editing && <p className="text-sm text-slate-700">For the haul you were photographing.</p>}
      <TextField label="Date" type="date" {...field('drivenOn')} />
      <TextField label="Purpose" placeholder="Thrift stores on Main St" {...field('purpose')} />
      <TextField label="Miles" inputMode="decimal" {...field('miles')} />
      <p className="text-sm text-slate-600">Or the odometer at the start and the end:</p>
      <div className="grid grid-cols-2 gap-2">
        <TextField label="Odometer at the start" inputMode="decimal" {...field('odometerStart')} />
        <TextField label="Odometer at the end" inputMode="decimal" {...field('odometerEnd')} />
      </div>
      <Button type="submit" disabled={save.isPending}>
        {save.isPending ? 'Saving…' : editing ? 'Save changes' : 'Add drive'}
      </Button>
      {editing && (
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
      )}
    </form>
  )
}

function RateForm({ year }: { year: number }) {
  const queryClient = useQueryClient()
  const [rate, setRate] = useState('')
  const [error, setError] = useState<string>()
  const save = useMutation({
    mutationFn: () =>
      okJson(api['mileage-rates'][':year'].$put({ param: { year: String(year) }, json: { centsPerMile: rate } })),
    onSuccess: async () => {
      notify(rate ? `Rate for ${year} set to ${rate}¢ a mile` : `The IRS rate for ${year} applies again`)
      await refreshTaxYear(queryClient)
    },
    onError: (failure) => notify('The rate was not set', errorMessage(failure), 'error'),
  })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const parsed = v.safeParse(MileageRateInputSchema, { centsPerMile: rate })
    setError(parsed.success ? undefined : parsed.issues[0].message)
    if (parsed.success) save.mutate()
  }
  return (
    <form aria-label="Your rate" onSubmit={submit} noValidate className="flex items-end gap-2">
      <TextField
        label={`Your rate for ${year}, cents a mile (blank: the IRS’s)`}
        inputMode="decimal"
        value={rate}
        onChange={(event) => setRate(event.target.value)}
        error={error}
      />
      <Button type="submit" variant="secondary" disabled={save.isPending}>
        Set rate
      </Button>
    </form>
  )
}

export function Trips({ year, haulId }: { year: number; haulId: string | null }) {
  const queryClient = useQueryClient()
  const [editing, setEditing] = useState<Trip | undefined>()
  const list = useInfiniteQuery(tripsQuery(year))
  const remove = useMutation({
    mutationFn: (id: number) => okJson(api.trips[':id'].$delete({ param: { id: String(id) } })),
    onSuccess: async () => {
      notify('Trip deleted')
      await refreshTaxYear(queryClient)
    },
    onError: (error) => notify('The trip was not deleted', errorMessage(error), 'error'),
  })
  const first = list.data?.pages[0]
  const trips = list.data?.pages.flatMap((page) => page.trips) ?? []
  return (
    <div className="flex flex-col gap-4">
      {/* Keyed, so that the form starts again from the drive chosen (or blank) each time. */}
      <TripForm
        key={editing?.id ?? 'new'}
        year={year}
        haulId={haulId}
        editing={editing}
        onDone={() => setEditing(undefined)}
      />
      <section aria-label="Mileage" className={card}>
        <h2 className="text-lg font-semibold text-slate-900">Mileage, {year}</h2>
        {first && (
          <p className="text-sm text-slate-700">
            {milesText(first.milesTenths)} at {rateText(first.rate.tenthCentsPerMile)}: {dollars(first.deductionCents)}
            <span className="block text-xs text-slate-600">Rate: {first.rate.source}</span>
          </p>
        )}
        <RateForm year={year} />
        <ul className="mt-2 divide-y divide-slate-100 text-sm">
          {trips.map((trip) => (
            <li key={trip.id} className="flex items-center justify-between gap-3 py-2">
              <span className="min-w-0">
                <span className="block font-medium text-slate-900">
                  {trip.purpose} · {milesText(trip.milesTenths)}
                </span>
                <span className="block text-slate-600">
                  {trip.drivenOn}
                  {trip.haulId && ' · for a haul'}
                </span>
              </span>
              <Button
                variant="ghost"
                aria-label={`Change the drive of ${milesText(trip.milesTenths)} on ${trip.drivenOn}`}
                onClick={() => {
                  setEditing(trip)
                  window.scrollTo({ top: 0 })
                }}
              >
                Change
              </Button>
              <Button
                variant="ghost"
                aria-label={`Delete the drive of ${milesText(trip.milesTenths)} on ${trip.drivenOn}`}
                onClick={() => remove.mutate(trip.id)}
              >
                Delete
              </Button>
            </li>
          ))}
        </ul>
        {list.hasNextPage && (
          <Button variant="secondary" onClick={() => void list.fetchNextPage()} disabled={list.isFetchingNextPage}>
            Show more
          </Button>
        )}
      </section>
    </div>
  )
}
