// Recording a sale made in person or on a marketplace Snaplist does not reach (docs/decisions/0033): how many, and
// optionally for how much, what selling it cost in fees, and where. The stock drops once, and Snaplist takes the listing down or lowers its stock on
// every marketplace it is on. The sale carries an id made when the dialog opens, so a resend after a lost reply is
// recorded once.
import { valibotResolver } from '@hookform/resolvers/valibot'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import type { Listing } from '../../../api/contract/listing.ts'
import {
  SOLD_WHERE_MAX,
  SoldElsewhereSchema,
  type SoldElsewhere,
  type SoldElsewhereFormValues,
} from '../../../api/contract/sales.ts'
import { FormFailure } from '../../components/CardPage.tsx'
import { Button } from '../../components/ui/Button.tsx'
import { Dialog } from '../../components/ui/Dialog.tsx'
import { TextField } from '../../components/ui/TextField.tsx'
import { fieldErrorsOnto } from '../../lib/form-errors.ts'
import { useSoldElsewhere } from './sales-queries.ts'

// Where resellers sell besides Snaplist's marketplaces: offered as the seller types, any other place is taken as typed.
const PLACES = ['Poshmark', 'Mercari', 'Depop', 'Facebook Marketplace', 'Vinted', 'In person']

function SoldElsewhereForm({ listing, onClose }: { listing: Listing; onClose: () => void }) {
  const [clientId] = useState(() => crypto.randomUUID())
  const record = useSoldElsewhere()
  const { register, handleSubmit, formState, setError } = useForm<SoldElsewhereFormValues, unknown, SoldElsewhere>({
    resolver: valibotResolver(SoldElsewhereSchema),
    defaultValues: { quantity: '1', price: '', fees: '', where: '' },
  })
  const submit = handleSubmit((sale) =>
    record.mutate(
      { id: listing.id, sale: { ...sale, clientId } },
      { onSuccess: onClose, onError: fieldErrorsOnto(setError, sale) },
    ),
  )
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <p className="text-sm text-slate-600">
        “{listing.title}” has {listing.quantity} left. Snaplist takes what sold off its stock on every marketplace it is
        on, and takes it down there once none is left.
      </p>
      <TextField
        label="How many sold"
        inputMode="numeric"
        error={formState.errors.quantity?.message}
        {...register('quantity')}
      />
      <TextField
        label="Sold for, each (optional)"
        inputMode="decimal"
        placeholder="24.99"
        error={formState.errors.price?.message}
        {...register('price')}
      />
      <TextField
        label="Fees, in all (optional)"
        inputMode="decimal"
        placeholder="3.20"
        error={formState.errors.fees?.message}
        {...register('fees')}
      />
      <TextField
        label="Where (optional)"
        list="sold-elsewhere-places"
        maxLength={SOLD_WHERE_MAX}
        placeholder="Poshmark, a yard sale…"
        error={formState.errors.where?.message}
        {...register('where')}
      />
      <datalist id="sold-elsewhere-places">
        {PLACES.map((place) => (
          <option key={place} value={place} />
        ))}
      </datalist>
      <FormFailure error={record.error} fallback="The sale could not be recorded. Try again." />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" disabled={record.isPending}>
          {record.isPending ? 'Recording...' : 'Record the sale'}
        </Button>
      </div>
    </form>
  )
}

export function SoldElsewhereDialog({ listing, onClose }: { listing: Listing | null; onClose: () => void }) {
  return (
    <Dialog open={listing !== null} onClose={onClose} title="Sold elsewhere">
      {listing && <SoldElsewhereForm key={listing.id} listing={listing} onClose={onClose} />}
    </Dialog>
  )
}
