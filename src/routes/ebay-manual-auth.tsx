// Connecting eBay by hand (/ebay-manual-auth): for when eBay's redirect could not reach Snaplist, the seller pastes the
// whole address eBay sent them to, and the code is exchanged with the state beside it, never alone (docs/product.md §2, §5).
import { valibotResolver } from '@hookform/resolvers/valibot'
import { useForm } from 'react-hook-form'
import { EbayManualSchema, type EbayManualOutput, type EbayManualValues } from '../../api/contract/marketplaces.ts'
import { CardPage, FormAlert } from '../components/CardPage.tsx'
import { Button } from '../components/ui/Button.tsx'
import { TextField } from '../components/ui/TextField.tsx'
import { exchangeFailureDetail } from '../lib/ebay-connect.ts'
import { useEbayExchange } from '../queries/marketplaces.ts'
import { EbayConnected } from './ebay-auth/EbayResult.tsx'

export function EbayManualAuthScreen() {
  const exchange = useEbayExchange()
  const { register, handleSubmit, formState } = useForm<EbayManualValues, unknown, EbayManualOutput>({
    resolver: valibotResolver(EbayManualSchema),
    defaultValues: { address: '' },
  })
  if (exchange.isSuccess) return <EbayConnected connection={exchange.data.connection} />

  return (
    <CardPage title="Connect eBay manually">
      <p>
        If eBay sent you to an address that did not open Snaplist, copy that whole address from the address bar into the field below. It
        works once, for about 5 minutes, in the browser where you started connecting.
      </p>
      <form onSubmit={handleSubmit((pair) => exchange.mutate(pair))} noValidate className="flex flex-col gap-4">
        <TextField
          label="Address from eBay"
          hint="It has code=… and state=… in it."
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          error={formState.errors.address?.message}
          {...register('address')}
        />
        {exchange.isError && <FormAlert>{exchangeFailureDetail(exchange.error)}</FormAlert>}
        <Button type="submit" disabled={exchange.isPending}>
          {exchange.isPending ? 'Connecting...' : 'Connect with eBay'}
        </Button>
      </form>
    </CardPage>
  )
}
