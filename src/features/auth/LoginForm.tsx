import { valibotResolver } from '@hookform/resolvers/valibot'
import { Link } from '@tanstack/react-router'
import { useForm } from 'react-hook-form'
import { LoginSchema, type LoginFormInput, type LoginInput } from '../../../api/contract/user.ts'
import { Button } from '../../components/ui/Button.tsx'
import { TextField } from '../../components/ui/TextField.tsx'
import { errorMessage } from '../../lib/api.ts'
import { useLogin } from './session-queries.ts'
import { fieldErrorsOnto } from '../../lib/form-errors.ts'

export function LoginForm() {
  const login = useLogin()
  const { register, handleSubmit, formState, setError } = useForm<LoginFormInput, unknown, LoginInput>({
    resolver: valibotResolver(LoginSchema),
    defaultValues: { username: '', password: '' },
  })
  const { errors } = formState
  return (
    <form method="post" onSubmit={handleSubmit((values) => login.mutate(values, { onError: fieldErrorsOnto(setError, values) }))} noValidate className="flex flex-col gap-4">
      <TextField label="Username" autoComplete="username" autoCapitalize="none" error={errors.username?.message} {...register('username')} />
      <TextField label="Password" type="password" autoComplete="current-password" error={errors.password?.message} {...register('password')} />
      {/* The toast goes after 5 seconds; the reason stays by the form until the next try. */}
      {login.isError && (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
          Login failed: {errorMessage(login.error)}
        </p>
      )}
      <Button type="submit" disabled={login.isPending}>
        {login.isPending ? 'Logging in...' : 'Login'}
      </Button>
      <Link to="/forgot-password" className="text-center text-sm font-medium text-indigo-700 hover:underline">
        Forgot your password?
      </Link>
    </form>
  )
}
