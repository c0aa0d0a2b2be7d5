// Connecting eBay by hand (/ebay-manual-auth): for when eBay's redirect could not reach Snaplist, the seller copies the
// code from the address eBay sent them to; encoded or not, the server decodes it exactly once (SPEC §2, §5).
import { valibotResolver } from '@hookform/resolvers/valibot'
import { useForm } from 'react-hook-form'
import { EbayExchangeSchema, type EbayExchangeInput, type EbayExchangeValues } from '../../api/contract/marketplaces.ts'
import { CardPage, FormAlert } from '../components/CardPage.tsx'
import { Button } from '../components/ui/Button.tsx'
import { TextField } from '../components/ui/TextField.tsx'
import { exchangeFailureDetail } from '../lib/ebay-connect.ts'
import { useEbayExchange } from '../queries/marketplaces.ts'
import { EbayConnected } from './ebay-auth/EbayResult.tsx'

export function EbayManualAuthScreen() {
  const exchange = useEbayExchange()
  const { register, handleSubmit, formState } = useForm<EbayExchangeValues, unknown, EbayExchangeInput>({
    resolver: valibotResolver(EbayExchangeSchema),
    defaultValues: { code: '' },
  })
  if (exchange.isSuccess) return <EbayConnected connection={exchange.data.connection} />

  return (
    <CardPage title="Connect eBay manually">
      <p>
        If eBay sent you to an address that did not open Snaplist, copy the value after <code>code=</code> from that address into the field
        below. It works once, for about 5 minutes, in the browser where you started connecting.
      </p>
      <form onSubmit={handleSubmit(({ code }) => exchange.mutate({ code }))} noValidate className="flex flex-col gap-4">
        <TextField label="Authorization Code" autoComplete="off" autoCapitalize="none" spellCheck={false} error={formState.errors.code?.message} {...register('code')} />
        {exchange.isError && <FormAlert>{exchangeFailureDetail(exchange.error)}</FormAlert>}
        <Button type="submit" disabled={exchange.isPending}>
          {exchange.isPending ? 'Connecting...' : 'Connect with eBay'}
        </Button>
      </form>
    </CardPage>
  )
}
