import { valibotResolver } from '@hookform/resolvers/valibot'
import { useForm } from 'react-hook-form'
import { RegisterFormSchema, type RegisterFormInput, type RegisterFormOutput } from '../../../api/contract/user.ts'
import { fieldErrors } from '../../lib/api.ts'
import { Button } from '../../components/ui/Button.tsx'
import { TextField } from '../../components/ui/TextField.tsx'
import { useRegister } from '../../queries/session.ts'

export function RegisterForm() {
  const registration = useRegister()
  const { register, handleSubmit, formState, setError } = useForm<RegisterFormInput, unknown, RegisterFormOutput>({
    resolver: valibotResolver(RegisterFormSchema),
    // 'all' lets the resolver run the password-match check even while other fields are still invalid.
    criteriaMode: 'all',
    defaultValues: { username: '', email: '', firstName: '', lastName: '', password: '', confirmPassword: '' },
  })
  const { errors } = formState
  // confirmPassword is checked here and never sent; isAdmin is sent as SPEC §3 says, and the server ignores it.
  const submit = handleSubmit(({ confirmPassword: _checked, ...details }) =>
    registration.mutate(
      { ...details, isAdmin: false },
      {
        // Rules only the server checks (a common password, a username that is someone else's email) also show under
        // their field, beside the toast.
        onError: (error) => {
          for (const [field, message] of Object.entries(fieldErrors(error))) {
            if (field in details) setError(field as keyof typeof details, { message })
          }
        },
      },
    ),
  )
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="First name" autoComplete="given-name" error={errors.firstName?.message} {...register('firstName')} />
        <TextField label="Last name" autoComplete="family-name" error={errors.lastName?.message} {...register('lastName')} />
      </div>
      <TextField label="Username" autoComplete="username" autoCapitalize="none" error={errors.username?.message} {...register('username')} />
      <TextField label="Email" type="email" autoComplete="email" error={errors.email?.message} {...register('email')} />
      <TextField label="Password" type="password" autoComplete="new-password" error={errors.password?.message} {...register('password')} />
      <TextField label="Confirm password" type="password" autoComplete="new-password" error={errors.confirmPassword?.message} {...register('confirmPassword')} />
      <Button type="submit" disabled={registration.isPending}>
        {registration.isPending ? 'Creating account...' : 'Create account'}
      </Button>
    </form>
  )
}
