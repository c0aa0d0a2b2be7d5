import { valibotResolver } from '@hookform/resolvers/valibot'
import { useQuery } from '@tanstack/react-query'
import { useForm } from 'react-hook-form'
import { RegisterFormSchema, type RegisterFormInput, type RegisterFormOutput } from '../../../api/contract/user.ts'
import { Button } from '../../components/ui/Button.tsx'
import { TextField } from '../../components/ui/TextField.tsx'
import { authConfigQuery, useRegister } from './session-queries.ts'
import { fieldErrorsOnto } from '../../lib/form-errors.ts'

export function RegisterForm() {
  const registration = useRegister()
  // While no administrator exists the server asks for the setup code from its log; without one the account is ordinary.
  const { data: config } = useQuery(authConfigQuery)
  const { register, handleSubmit, formState, setError } = useForm<RegisterFormInput, unknown, RegisterFormOutput>({
    resolver: valibotResolver(RegisterFormSchema),
    // 'all' lets the resolver run the password-match check even while other fields are still invalid.
    criteriaMode: 'all',
    defaultValues: { username: '', email: '', firstName: '', lastName: '', password: '', confirmPassword: '', setupCode: '' },
  })
  const { errors } = formState
  // confirmPassword is checked here and never sent; isAdmin is sent as docs/product.md §3 says, and the server ignores it.
  const submit = handleSubmit(({ confirmPassword: _checked, setupCode, ...details }) =>
    registration.mutate(
      { ...details, isAdmin: false, ...(setupCode ? { setupCode } : {}) },
      {
        // Rules only the server checks (a common password, a username that is someone else's email, the setup code)
        // also show under their field, beside the toast.
        onError: fieldErrorsOnto(setError, { ...details, setupCode }),
      },
    ),
  )
  return (
    <form method="post" onSubmit={submit} noValidate className="flex flex-col gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="First name" autoComplete="given-name" error={errors.firstName?.message} {...register('firstName')} />
        <TextField label="Last name" autoComplete="family-name" error={errors.lastName?.message} {...register('lastName')} />
      </div>
      <TextField label="Username" autoComplete="username" autoCapitalize="none" error={errors.username?.message} {...register('username')} />
      <TextField label="Email" type="email" autoComplete="email" error={errors.email?.message} {...register('email')} />
      <TextField label="Password" type="password" autoComplete="new-password" error={errors.password?.message} {...register('password')} />
      <TextField label="Confirm password" type="password" autoComplete="new-password" error={errors.confirmPassword?.message} {...register('confirmPassword')} />
      {config?.setupCodeRequired && (
        <TextField
          label="Setup code"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          hint='No administrator yet: the code in the server log (the line "Setup code: …") makes this account the administrator. Leave it empty for an ordinary account.'
          error={errors.setupCode?.message}
          {...register('setupCode')}
        />
      )}
      <Button type="submit" disabled={registration.isPending}>
        {registration.isPending ? 'Creating account...' : 'Create account'}
      </Button>
    </form>
  )
}
