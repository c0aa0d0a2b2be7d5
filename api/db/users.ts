// SQL for the users table, including the password reset token (only its hash) and the linked Google account.
import type { Sql, Tx } from './client.ts'

const COLUMNS =
  'id, username, email, first_name, last_name, is_admin, email_verified, pending_email, (password_hash is not null) as has_password'
/** COLUMNS of the users row aliased u, for queries that join it. */
export const USER_COLUMNS_OF_U =
  'u.id, u.username, u.email, u.first_name, u.last_name, u.is_admin, u.email_verified, u.pending_email, (u.password_hash is not null) as has_password'

export interface UserRow {
  id: number
  username: string
  email: string
  firstName: string
  lastName: string
  isAdmin: boolean
  emailVerified: boolean
  pendingEmail: string | null
  hasPassword: boolean
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
  /** Only a registration that spent a setup code (services/accounts/admin-setup.ts) makes an administrator. */
  isAdmin?: boolean
  /** True when Google vouched for the address; an address typed in registration waits for its link. */
  emailVerified?: boolean
}

/**
 * Serialises the transactions that add accounts (until they end), so each sees the accounts the others added, and
 * exactly one of them can spend a setup code and become the first administrator.
 */
export async function lockForNewAccount(tx: Tx): Promise<void> {
  await tx`lock table users in share row exclusive mode`
}

export async function insertUser(tx: Tx, user: NewUser): Promise<UserRow> {
  await lockForNewAccount(tx)
  const [row] = await tx<UserRow[]>`
    insert into users (username, email, first_name, last_name, password_hash, google_sub, email_verified, is_admin)
    values (${user.username}, ${user.email}, ${user.firstName}, ${user.lastName}, ${user.passwordHash},
            ${user.googleSubject ?? null}, ${user.emailVerified ?? false}, ${user.isAdmin ?? false})
    returning ${tx.unsafe(COLUMNS)}`
  return row!
}

/** A username is taken by any that looks like it (the skeleton, migration 0024), an email address by its lowercase. */
export async function findTakenIdentity(sql: Sql | Tx, username: string, email: string) {
  const [row] = await sql<{ usernameTaken: boolean; emailTaken: boolean }[]>`
    select bool_or(username_skeleton = username_skeleton(${username})) as username_taken,
           bool_or(lower(email) = lower(${email})) as email_taken
    from users
    where username_skeleton = username_skeleton(${username}) or lower(email) = lower(${email})`
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

/**
 * Links the account with this email address to the Google account, unless it is already linked to another one or its
 * owner has not confirmed the address: whoever typed an address nobody confirmed may not be its owner.
 */
export async function linkGoogleSubject(tx: Tx, email: string, subject: string): Promise<UserRow | undefined> {
  const [row] = await tx<UserRow[]>`
    update users set google_sub = ${subject}
    where lower(email) = lower(${email}) and google_sub is null and email_verified
    returning ${tx.unsafe(COLUMNS)}`
  return row
}

export async function setAdmin(sql: Sql | Tx, username: string): Promise<UserRow | undefined> {
  const [row] = await sql<UserRow[]>`
    update users set is_admin = true where lower(username) = lower(${username})
    returning ${sql.unsafe(COLUMNS)}`
  return row
}

export async function adminExists(sql: Sql | Tx): Promise<boolean> {
  const [row] = await sql<{ exists: boolean }[]>`select exists (select 1 from users where is_admin) as exists`
  return row!.exists
}

/** Every account, with when it was made, for the admin screen. */
export async function listUsers(sql: Sql): Promise<(UserRow & { createdAt: Date })[]> {
  return sql<(UserRow & { createdAt: Date })[]>`select ${sql.unsafe(COLUMNS)}, created_at from users order by id`
}

export async function findUserByEmail(sql: Sql | Tx, email: string): Promise<UserRow | undefined> {
  const [row] = await sql<UserRow[]>`select ${sql.unsafe(COLUMNS)} from users where lower(email) = lower(${email})`
  return row
}

export async function findUserById(sql: Sql | Tx, id: number): Promise<UserRow | undefined> {
  const [row] = await sql<UserRow[]>`select ${sql.unsafe(COLUMNS)} from users where id = ${id}`
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

/** The account holding this reset token, with the token's expiry. */
export async function findResetTokenHolder(sql: Sql, tokenHash: string) {
  const [row] = await sql<{ username: string; email: string; resetTokenExpiry: Date }[]>`
    select username, email, reset_token_expiry from users where reset_token_hash = ${tokenHash}`
  return row
}

export interface ResetAccount extends UserRow {
  /** Whether the address was confirmed before this reset proved it. */
  wasVerified: boolean
}

/**
 * Sets the password of the account holding this unexpired token and clears the token in the same statement, so a
 * token works once even when two requests race. Opening a link mailed to the address proves it, so the address is
 * confirmed, and an email change in flight (started by whoever held the account before) is dropped. Returns the
 * account, or undefined when the token does not qualify.
 */
export async function setPasswordByResetToken(
  tx: Tx,
  tokenHash: string,
  passwordHash: string,
): Promise<ResetAccount | undefined> {
  const [row] = await tx<ResetAccount[]>`
    update users u set password_hash = ${passwordHash}, reset_token_hash = null, reset_token_expiry = null,
      email_verified = true, pending_email = null, email_token_hash = null, email_token_expiry = null
    from users prior
    where prior.id = u.id and u.reset_token_hash = ${tokenHash} and u.reset_token_expiry > now()
    returning ${tx.unsafe(USER_COLUMNS_OF_U)}, prior.email_verified as was_verified`
  return row
}

export async function findPasswordHash(sql: Sql | Tx, userId: number): Promise<string | null | undefined> {
  const [row] = await sql<{ passwordHash: string | null }[]>`select password_hash from users where id = ${userId}`
  return row?.passwordHash
}

/** Sets the password and voids any reset link: one asked for before the change must not undo it. */
export async function setPassword(tx: Tx, userId: number, passwordHash: string): Promise<void> {
  await tx`update users set password_hash = ${passwordHash}, reset_token_hash = null, reset_token_expiry = null where id = ${userId}`
}

/** Voids any reset link of the account (sign out everywhere: whoever holds a link mailed earlier is signed out too). */
export async function clearResetToken(sql: Sql | Tx, userId: number): Promise<void> {
  await sql`update users set reset_token_hash = null, reset_token_expiry = null where id = ${userId}`
}

/**
 * Stores a new email link's hash for the account; a link issued earlier stops working. pendingEmail is the new
 * address an email change waits on, or null when the link confirms the current address.
 */
/** Sets the address awaiting confirmation (null: the account's own) and voids the link sent for an earlier one. */
export async function awaitConfirmation(sql: Sql, userId: number, pendingEmail: string | null): Promise<UserRow> {
  const [row] = await sql<UserRow[]>`
    update users set email_token_hash = null, email_token_expiry = null, pending_email = ${pendingEmail}
    where id = ${userId}
    returning ${sql.unsafe(COLUMNS)}`
  return row!
}

/** Stores the link's token for the address still awaiting confirmation; undefined when another has taken its place. */
export async function setEmailTokenWhilePending(
  sql: Sql,
  userId: number,
  token: { hash: string; expiresAt: Date; pendingEmail: string | null },
): Promise<UserRow | undefined> {
  const [row] = await sql<UserRow[]>`
    update users set email_token_hash = ${token.hash}, email_token_expiry = ${token.expiresAt}
    where id = ${userId} and pending_email is not distinct from ${token.pendingEmail}
    returning ${sql.unsafe(COLUMNS)}`
  return row
}

export async function findEmailTokenExpiry(sql: Sql, userId: number, tokenHash: string): Promise<Date | undefined> {
  const [row] = await sql<{ emailTokenExpiry: Date }[]>`
    select email_token_expiry from users where id = ${userId} and email_token_hash = ${tokenHash}`
  return row?.emailTokenExpiry
}

/**
 * Confirms the address the account's unexpired link was sent to, spending the link in the same statement: the
 * pending address replaces the current one, or the current one is marked confirmed. A new address voids any reset link,
 * which was mailed to the old one.
 */
export async function confirmEmailByToken(sql: Sql, userId: number, tokenHash: string): Promise<UserRow | undefined> {
  const [row] = await sql<UserRow[]>`
    update users set email = coalesce(pending_email, email), email_verified = true, pending_email = null,
      email_token_hash = null, email_token_expiry = null,
      reset_token_hash = case when pending_email is null then reset_token_hash end,
      reset_token_expiry = case when pending_email is null then reset_token_expiry end
    where id = ${userId} and email_token_hash = ${tokenHash} and email_token_expiry > now()
    returning ${sql.unsafe(COLUMNS)}`
  return row
}

/** Whether an administrator other than this user exists; call under lockForNewAccount so none is removed meanwhile. */
export async function hasOtherAdmin(tx: Tx, userId: number): Promise<boolean> {
  const [row] = await tx<
    { found: boolean }[]
  >`select exists (select 1 from users where is_admin and id <> ${userId}) as found`
  return row!.found
}

/** Whether a sale the marketplace cancels puts its item back up where it sold out (on unless the seller said not). */
export async function relistsCancelled(sql: Sql | Tx, userId: number): Promise<boolean> {
  const [row] = await sql<{ relistCancelled: boolean }[]>`select relist_cancelled from users where id = ${userId}`
  return row?.relistCancelled ?? true
}

export async function setRelistsCancelled(sql: Sql | Tx, userId: number, on: boolean): Promise<void> {
  await sql`update users set relist_cancelled = ${on} where id = ${userId}`
}
