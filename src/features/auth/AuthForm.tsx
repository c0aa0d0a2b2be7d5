// The sign-in card's form: Login and Register are two tabs over one form (docs/decisions/0024). The page paints from
// its HTML before the app starts (0014, 0019), so what it shows works without the app: the tabs are radio buttons whose
// checked one decides, in CSS, which fields show (src/styles.css), and the fields are the browser's own, never reset by
// the app, so what was typed before it started stays, and Username and Password carry over from one tab to the other.
import { Link } from '@tanstack/react-router'
import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react'
import * as v from 'valibot'
import { LoginSchema, RegisterFormSchema } from '../../../api/contract/user.ts'
import { Button } from '../../components/ui/Button.tsx'
import { TextField } from '../../components/ui/TextField.tsx'
import { errorMessage } from '../../lib/api.ts'
import { fieldErrors } from '../../offline/api-error.ts'
import { useLogin, useRegister } from './sign-in-queries.ts'
import { SetupCodeField } from './SetupCodeField.tsx'

type Mode = 'login' | 'register'
const TABS: { mode: Mode; label: string }[] = [
  { mode: 'login', label: 'Login' },
  { mode: 'register', label: 'Register' },
]
/** The fields each tab sends: a refusal from the server is shown under these. */
const FIELDS: Record<Mode, string[]> = {
  login: ['username', 'password'],
  register: ['firstName', 'lastName', 'username', 'email', 'password', 'confirmPassword', 'setupCode'],
}
const TAB_FIELD = 'tab'

type Errors = Record<string, string>

/** The tab the browser has checked: the seller may have chosen it before the app started. */
const checkedMode = (form: HTMLFormElement): Mode =>
  new FormData(form).get(TAB_FIELD) === 'register' ? 'register' : 'login'

/** The first sentence for each field a schema refused. */
function issuesByField(issues: [v.BaseIssue<unknown>, ...v.BaseIssue<unknown>[]]): Errors {
  const nested: Record<string, [string, ...string[]] | undefined> = v.flatten(issues).nested ?? {}
  return Object.fromEntries(Object.entries(nested).map(([field, messages]) => [field, messages?.[0] ?? '']))
}

/** The server's sentences for the fields this tab has. */
const serverErrorsFor = (mode: Mode, error: unknown): Errors =>
  Object.fromEntries(Object.entries(fieldErrors(error)).filter(([field]) => FIELDS[mode].includes(field)))

export function AuthForm() {
  const form = useRef<HTMLFormElement>(null)
  const tabs = useRef<(HTMLInputElement | null)[]>([])
  // As the HTML was rendered; the tab the browser has checked is taken over once the app has the page.
  const [mode, setMode] = useState<Mode>('login')
  const [errors, setErrors] = useState<Errors>({})
  const login = useLogin()
  const registration = useRegister()
  useEffect(() => setMode(checkedMode(form.current!)), [])

  const choose = (next: Mode) => {
    setMode(next)
    setErrors({})
  }
  // Arrow keys move between the tabs as the browser moves between radio buttons; Home and End as in a tab list.
  const onKeyDown = (event: KeyboardEvent) => {
    const index = event.key === 'Home' ? 0 : event.key === 'End' ? TABS.length - 1 : undefined
    if (index === undefined) return
    event.preventDefault()
    tabs.current[index]?.click()
    tabs.current[index]?.focus()
  }

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    // The tab and the fields as they are on the page, whether typed before the app started or after.
    const sent = checkedMode(event.currentTarget)
    const values = Object.fromEntries(new FormData(event.currentTarget))
    const onError = (error: unknown) => setErrors(serverErrorsFor(sent, error))
    if (sent === 'login') {
      const parsed = v.safeParse(LoginSchema, values)
      setErrors(parsed.success ? {} : issuesByField(parsed.issues))
      if (parsed.success) login.mutate(parsed.output, { onError })
      return
    }
    const parsed = v.safeParse(RegisterFormSchema, values)
    setErrors(parsed.success ? {} : issuesByField(parsed.issues))
    if (!parsed.success) return
    // confirmPassword is checked here and never sent; isAdmin is sent as docs/product.md §3 says, and the server ignores it.
    const { confirmPassword: _checked, setupCode, ...details } = parsed.output
    registration.mutate({ ...details, isAdmin: false, ...(setupCode ? { setupCode } : {}) }, { onError })
  }

  return (
    <form ref={form} method="post" onSubmit={submit} noValidate data-auth-form="" className="flex flex-col gap-4">
      <div
        role="radiogroup"
        aria-label="Sign in or register"
        onKeyDown={onKeyDown}
        className="grid grid-cols-2 gap-1 rounded-lg bg-slate-100 p-1"
      >
        {TABS.map((tab, index) => (
          <label
            key={tab.mode}
            className="relative flex min-h-10 items-center justify-center rounded-md px-3 text-sm font-semibold text-slate-700 has-checked:bg-white has-checked:text-slate-900 has-checked:shadow-sm has-focus-visible:outline-2 has-focus-visible:outline-indigo-700"
          >
            {/* The radio button is the tab, laid over its label: the browser checks it on a tap, with or without the app.
                It keeps its own role (a radio may not be given the role tab), so the choice is a radio group. */}
            <input
              ref={(input) => void (tabs.current[index] = input)}
              type="radio"
              name={TAB_FIELD}
              value={tab.mode}
              defaultChecked={tab.mode === 'login'}
              onChange={() => choose(tab.mode)}
              className="absolute inset-0 cursor-pointer appearance-none rounded-md focus:outline-none"
            />
            {tab.label}
          </label>
        ))}
      </div>
      <div className="mt-1 flex flex-col gap-4">
        <div data-for="register" className="grid gap-4 sm:grid-cols-2">
          <TextField label="First name" name="firstName" autoComplete="given-name" error={errors.firstName} />
          <TextField label="Last name" name="lastName" autoComplete="family-name" error={errors.lastName} />
        </div>
        <TextField
          label="Username"
          name="username"
          autoComplete="username"
          autoCapitalize="none"
          error={errors.username}
        />
        <div data-for="register">
          <TextField label="Email" name="email" type="email" autoComplete="email" error={errors.email} />
        </div>
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete={mode === 'login' ? 'current-password' : 'new-password'}
          error={errors.password}
        />
        <div data-for="register" className="flex flex-col gap-4">
          <TextField
            label="Confirm password"
            name="confirmPassword"
            type="password"
            autoComplete="new-password"
            error={errors.confirmPassword}
          />
          <SetupCodeField error={errors.setupCode} />
        </div>
        {/* The toast goes after 5 seconds; the reason stays by the form until the next try. */}
        {login.isError && (
          <p data-for="login" role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
            Login failed: {errorMessage(login.error)}
          </p>
        )}
        {/* One button, so Enter in any field sends the tab that shows; its words are the tab's. */}
        <Button type="submit" disabled={login.isPending || registration.isPending}>
          <span data-for="login">{login.isPending ? 'Logging in...' : 'Login'}</span>
          <span data-for="register">{registration.isPending ? 'Creating account...' : 'Create account'}</span>
        </Button>
        <Link
          data-for="login"
          to="/forgot-password"
          className="text-center text-sm font-medium text-indigo-700 hover:underline"
        >
          Forgot your password?
        </Link>
      </div>
    </form>
  )
}
