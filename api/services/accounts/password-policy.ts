// Which passwords an account may not have besides the length rule of docs/product.md §5: the ones attackers try first (common and
// breached passwords, keyboard walks, sequences: zxcvbn's estimate with its common-password lists, no network call)
// and the account's own username or email address. Server-side only: the dictionaries stay out of the app's bundle.
import { ZxcvbnFactory } from '@zxcvbn-ts/core'
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common'

const COMMON_PASSWORD_MESSAGE = 'This password is too common. Choose one that is harder to guess.'
const PERSONAL_PASSWORD_MESSAGE = 'Your password cannot contain your username or email address.'

// zxcvbn scores 0 and 1 mean found within about a million guesses.
const LOWEST_ACCEPTED_SCORE = 2
// A shorter name ('al') turns up inside unrelated words, so it is refused only as the whole password.
const SHORTEST_NAME_REFUSED_INSIDE = 4

// Built on first use: loading the dictionaries takes a moment that servers which never see a password need not spend.
let estimator: ZxcvbnFactory | undefined
const estimate = (password: string, userInputs: string[]) =>
  (estimator ??= new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs })).check(password, userInputs)

export interface PasswordOwner {
  username: string
  email: string
}

/** Why this account should not use the password (a field message), or undefined when it will do. */
export function passwordProblem(password: string, { username, email }: PasswordOwner): string | undefined {
  const typed = password.toLowerCase()
  const names = [username, email, email.split('@')[0]!].map((name) => name.toLowerCase())
  const isPersonal = names.some(
    (name) => typed === name || (name.length >= SHORTEST_NAME_REFUSED_INSIDE && typed.includes(name)),
  )
  if (isPersonal) return PERSONAL_PASSWORD_MESSAGE
  if (estimate(password, [username, email]).score < LOWEST_ACCEPTED_SCORE) return COMMON_PASSWORD_MESSAGE
  return undefined
}
