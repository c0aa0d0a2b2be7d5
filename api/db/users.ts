// SQL for the users table, including the password reset token (only its hash) and the linked Google account.
import type { Sql, Tx } from './client.ts'

const COLUMNS = 'id, username, email, first_name, last_name, is_admin'

export interface UserRow {
  id: number
  username: string
  email: string
  firstName: string
  lastName: string
  isAdmin: boolean
}

export interface UserWithPassword extends UserRow {
  /** Null for an account made with Google whose owner has not set a password yet. */
  passwordHash: string | null
}

export interface NewUser {
  username: string
  email: string
  firstName: string
  lastName: string
  passwordHash: string | null
  /** The subject id (`sub`) of the Google account this one signs in with. */
  googleSubject?: string
}

/**
 * Serialises the transactions that add accounts (until they end), so exactly one of them can be the first account,
 * which becomes admin, and each sees the accounts the others added.
 */
export async function lockForNewAccount(tx: Tx): Promise<void> {
  await tx`lock table users in share row exclusive mode`
}

export async function insertUser(tx: Tx, user: NewUser): Promise<UserRow> {
  await lockForNewAccount(tx)
  const [row] = await tx<UserRow[]>`
    insert into users (username, email, first_name, last_name, password_hash, google_sub, is_admin)
    values (${user.username}, ${user.email}, ${user.firstName}, ${user.lastName}, ${user.passwordHash},
            ${user.googleSubject ?? null}, not exists (select 1 from users))
    returning ${tx.unsafe(COLUMNS)}`
  return row!
}

export async function findTakenIdentity(sql: Sql | Tx, username: string, email: string) {
  const [row] = await sql<{ usernameTaken: boolean; emailTaken: boolean }[]>`
    select bool_or(lower(username) = lower(${username})) as username_taken,
           bool_or(lower(email) = lower(${email})) as email_taken
    from users
    where lower(username) = lower(${username}) or lower(email) = lower(${email})`
  return { usernameTaken: row?.usernameTaken ?? false, emailTaken: row?.emailTaken ?? false }
}

/** Sign-in accepts the username or the email address. */
export async function findUserForLogin(sql: Sql, login: string): Promise<UserWithPassword | undefined> {
  const [row] = await sql<UserWithPassword[]>`
    select ${sql.unsafe(COLUMNS)}, password_hash
    from users
    where lower(username) = lower(${login}) or lower(email) = lower(${login})
    order by (lower(username) = lower(${login})) desc
    limit 1`
  return row
}

export async function findUserByGoogleSubject(sql: Sql | Tx, subject: string): Promise<UserRow | undefined> {
  const [row] = await sql<UserRow[]>`select ${sql.unsafe(COLUMNS)} from users where google_sub = ${subject}`
  return row
}

/** Links the account with this email address to the Google account, unless it is already linked to another one. */
export async function linkGoogleSubject(tx: Tx, email: string, subject: string): Promise<UserRow | undefined> {
  const [row] = await tx<UserRow[]>`
    update users set google_sub = ${subject}
    where lower(email) = lower(${email}) and google_sub is null
    returning ${tx.unsafe(COLUMNS)}`
  return row
}

export async function setAdmin(sql: Sql, username: string): Promise<UserRow | undefined> {
  const [row] = await sql<UserRow[]>`
    update users set is_admin = true where lower(username) = lower(${username})
    returning ${sql.unsafe(COLUMNS)}`
  return row
}

/** Every account, with when it was made, for the admin screen. */
export async function listUsers(sql: Sql): Promise<(UserRow & { createdAt: Date })[]> {
  return sql<(UserRow & { createdAt: Date })[]>`select ${sql.unsafe(COLUMNS)}, created_at from users order by id`
}

export async function findUserByEmail(sql: Sql, email: string): Promise<UserRow | undefined> {
  const [row] = await sql<UserRow[]>`select ${sql.unsafe(COLUMNS)} from users where lower(email) = lower(${email})`
  return row
}

/** Reads the user and holds its row until the transaction ends, so nothing changes it while it is being deleted. */
export async function lockUser(tx: Tx, id: number): Promise<UserRow | undefined> {
  const [row] = await tx<UserRow[]>`select ${tx.unsafe(COLUMNS)} from users where id = ${id} for update`
  return row
}

export async function deleteUser(tx: Tx, id: number): Promise<void> {
  await tx`delete from users where id = ${id}`
}

/** Stores a new reset token's hash; a token issued earlier stops working. */
export async function setResetToken(sql: Sql, userId: number, tokenHash: string, expiresAt: Date): Promise<void> {
  await sql`update users set reset_token_hash = ${tokenHash}, reset_token_expiry = ${expiresAt} where id = ${userId}`
}

export async function findResetTokenExpiry(sql: Sql, tokenHash: string): Promise<Date | undefined> {
  const [row] = await sql<{ resetTokenExpiry: Date }[]>`select reset_token_expiry from users where reset_token_hash = ${tokenHash}`
  return row?.resetTokenExpiry
}

/**
 * Sets the password of the account holding this unexpired token and clears the token in the same statement, so a
 * token works once even when two requests race. Returns the account, or undefined when the token does not qualify.
 */
export async function setPasswordByResetToken(tx: Tx, tokenHash: string, passwordHash: string): Promise<UserRow | undefined> {
  const [row] = await tx<UserRow[]>`
    update users set password_hash = ${passwordHash}, reset_token_hash = null, reset_token_expiry = null
    where reset_token_hash = ${tokenHash} and reset_token_expiry > now()
    returning ${tx.unsafe(COLUMNS)}`
  return row
}
