// Connecting Etsy by hand (/etsy-manual-auth): for when Etsy's redirect could not reach Snaplist, the seller copies
// the code and state from the address Etsy sent them to (docs/product.md §2, §5, §8).
import { valibotResolver } from '@hookform/resolvers/valibot'
import { useForm } from 'react-hook-form'
import { EtsyManualSchema, type EtsyExchangeInput, type EtsyManualValues } from '../../api/contract/marketplaces.ts'
import { CardPage, FormAlert } from '../components/CardPage.tsx'
import { Button } from '../components/ui/Button.tsx'
import { TextField } from '../components/ui/TextField.tsx'
import { ApiError } from '../lib/api.ts'
import { useEtsyExchange } from '../queries/marketplaces.ts'
import { Connected } from './etsy-auth/ConnectResult.tsx'
import { fieldErrorsOnto } from '../lib/form-errors.ts'

const FAILED = 'Failed to exchange code for token'
const failure = (error: unknown) => (error instanceof ApiError ? `${FAILED}: ${error.message}` : FAILED)

export function EtsyManualAuthScreen() {
  const exchange = useEtsyExchange()
  const { register, handleSubmit, formState, setError } = useForm<EtsyManualValues, unknown, EtsyExchangeInput>({
    resolver: valibotResolver(EtsyManualSchema),
    defaultValues: { code: '', state: '' },
  })
  if (exchange.isSuccess) return <Connected connection={exchange.data.connection} />

  return (
    <CardPage title="Connect Etsy manually">
      <p>
        If Etsy sent you to an address that did not open Snaplist, copy the values after <code>code=</code> and <code>state=</code> from
        that address into the fields below. They work once, for 10 minutes after you started connecting.
      </p>
      <form onSubmit={handleSubmit((values) => exchange.mutate(values, { onError: fieldErrorsOnto(setError, values) }))} noValidate className="flex flex-col gap-4">
        <TextField label="Authorization Code" autoComplete="off" autoCapitalize="none" spellCheck={false} error={formState.errors.code?.message} {...register('code')} />
        <TextField label="State Parameter" autoComplete="off" autoCapitalize="none" spellCheck={false} error={formState.errors.state?.message} {...register('state')} />
        {exchange.isError && <FormAlert>{failure(exchange.error)}</FormAlert>}
        <Button type="submit" disabled={exchange.isPending}>
          {exchange.isPending ? 'Connecting...' : 'Connect with Etsy'}
        </Button>
      </form>
    </CardPage>
  )
}
