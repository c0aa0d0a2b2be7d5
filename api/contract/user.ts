// The User as the API returns it, and the shapes of sign-in and registration: the API validates with these
// schemas and the forms use them as their resolvers.
import * as v from 'valibot'

export const PASSWORD_MIN_LENGTH = 8
const PASSWORD_MAX_LENGTH = 200

export const UserSchema = v.object({
  id: v.number(),
  username: v.string(),
  email: v.string(),
  firstName: v.string(),
  lastName: v.string(),
  isAdmin: v.boolean(),
  /** Whether the owner has confirmed the address by an emailed link (or Google vouched for it). */
  emailVerified: v.boolean(),
  /** A new address waiting for its link to be opened; it replaces email only then. */
  pendingEmail: v.nullable(v.string()),
  /** False for an account made with Google until a password is set through password reset. */
  hasPassword: v.boolean(),
})
export type User = v.InferOutput<typeof UserSchema>

const requiredText = (label: string, max: number) =>
  v.pipe(
    // A missing field reads as empty, so it gets the same message as a blank one.
    v.optional(v.string(`${label} is required`), ''),
    v.trim(),
    v.nonEmpty(`${label} is required`),
    v.maxLength(max, `${label} must be at most ${max} characters`),
  )

export const passwordSchema = v.pipe(
  v.optional(v.string('Password is required'), ''),
  v.minLength(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`),
  v.maxLength(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`),
)

export const emailSchema = v.pipe(
  v.optional(v.string('Email is required'), ''),
  v.trim(),
  v.nonEmpty('Email is required'),
  v.email('Invalid email format'),
  v.maxLength(254, 'Email must be at most 254 characters'),
)

export const LoginSchema = v.object({
  username: requiredText('Username', 254),
  password: v.pipe(
    v.optional(v.string('Password is required'), ''),
    v.nonEmpty('Password is required'),
    v.maxLength(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`),
  ),
})
export type LoginInput = v.InferOutput<typeof LoginSchema>
export type LoginFormInput = v.InferInput<typeof LoginSchema>

// Control and format characters (Cc, Cf): zero-width spaces and joiners, bidirectional overrides and isolates, the
// byte order mark. They are invisible, so a name holding one looks exactly like another seller's.
const INVISIBLE_CHARACTER = /[\p{Cc}\p{Cf}]/u

export const RegisterSchema = v.object({
  username: v.pipe(
    requiredText('Username', 64),
    // NFKC: one spelling for what looks the same (full-width letters, ligatures, composed accents).
    v.transform((username) => username.normalize('NFKC')),
    v.check(
      (username) => !INVISIBLE_CHARACTER.test(username),
      'Username cannot contain invisible or text-direction characters',
    ),
    v.regex(/^[^\s<>]+$/, 'Username cannot contain spaces or angle brackets'),
  ),
  email: emailSchema,
  firstName: requiredText('First name', 100),
  lastName: requiredText('Last name', 100),
  password: passwordSchema,
  // Sent by the registration form as docs/product.md §3 says, and always ignored by the server.
  isAdmin: v.optional(v.boolean()),
  // The one-time code from the server log, asked for while no administrator exists; empty = an ordinary account.
  setupCode: v.optional(
    v.pipe(v.string('Setup code must be text'), v.trim(), v.maxLength(64, 'Setup code must be at most 64 characters')),
  ),
})
export type RegisterInput = v.InferOutput<typeof RegisterSchema>

export const RegisterFormSchema = v.pipe(
  v.object({ ...RegisterSchema.entries, confirmPassword: v.string() }),
  v.forward(
    v.partialCheck(
      [['password'], ['confirmPassword']],
      (input) => input.password === input.confirmPassword,
      "Passwords don't match",
    ),
    ['confirmPassword'],
  ),
)
export type RegisterFormInput = v.InferInput<typeof RegisterFormSchema>
export type RegisterFormOutput = v.InferOutput<typeof RegisterFormSchema>
