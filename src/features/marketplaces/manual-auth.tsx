// Connecting by hand (each marketplace's manualPath): for when the marketplace's redirect could not reach Snaplist, the
// seller copies what the address it sent them to holds into the fields its description lists (the whole address,
// read for code and state, or the code and state), and the code is exchanged with its state, never alone
// (docs/product.md §2, §5, §14).
import { valibotResolver } from '@hookform/resolvers/valibot'
import { Fragment, Suspense } from 'react'
import { useForm } from 'react-hook-form'
import { MARKETPLACES, type ExchangeInput, type MarketplaceDescription } from '../../../api/contract/marketplaces.ts'
import { CardPage, FormAlert } from '../../components/CardPage.tsx'
import { Button } from '../../components/ui/Button.tsx'
import { TextField } from '../../components/ui/TextField.tsx'
import { fieldErrorsOnto } from '../../lib/form-errors.ts'
import { useRoutePlatform } from './callback.tsx'
import { manualFailure, useConnectPart, useExchange } from './connect-part.ts'
import { Connected } from './ConnectResult.tsx'

/** The intro with what stands between backticks (code=) set as code. */
const withCode = (text: string) =>
  text.split('`').map((part, index) => <Fragment key={index}>{index % 2 ? <code>{part}</code> : part}</Fragment>)

function ManualAuth() {
  const platform = useRoutePlatform()
  const { name, manual }: MarketplaceDescription = MARKETPLACES[platform]
  const exchange = useExchange(platform)
  const part = useConnectPart(platform)
  const blank = Object.fromEntries(manual.fields.map((field) => [field.name, '']))
  const { register, handleSubmit, formState, setError } = useForm<Record<string, string>, unknown, ExchangeInput>({
    resolver: valibotResolver(manual.schema),
    defaultValues: blank,
  })
  if (exchange.isSuccess) return <Connected platform={platform} connection={exchange.data.connection} />

  return (
    <CardPage title={`Connect ${name} manually`}>
      <p>{withCode(manual.intro)}</p>
      {/* The API's sentence for a field the form has goes under it (a code field, a state field). */}
      <form
        onSubmit={handleSubmit((pair) => exchange.mutate(pair, { onError: fieldErrorsOnto(setError, blank) }))}
        noValidate
        className="flex flex-col gap-4"
      >
        {manual.fields.map((field) => (
          <TextField
            key={field.name}
            label={field.label}
            {...(field.hint ? { hint: field.hint } : {})}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            error={formState.errors[field.name]?.message}
            {...register(field.name)}
          />
        ))}
        {exchange.isError && <FormAlert>{manualFailure(part, exchange.error)}</FormAlert>}
        <Button type="submit" disabled={exchange.isPending}>
          {exchange.isPending ? 'Connecting...' : `Connect with ${name}`}
        </Button>
      </form>
    </CardPage>
  )
}

export function ManualAuthScreen() {
  return (
    <Suspense fallback={null}>
      <ManualAuth />
    </Suspense>
  )
}
