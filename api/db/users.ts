// SQL for the users table.
import type { Sql, Tx } from './client.ts'

export interface UserRow {
  id: number
  username: string
  email: string
  firstName: string
  lastName: string
  isAdmin: boolean
}

export interface UserWithPassword extends UserRow {
  passwordHash: string
}

export interface NewUser {
  username: string
  email: string
  firstName: string
  lastName: string
  passwordHash: string
}

export async function insertUser(tx: Tx, user: NewUser): Promise<UserRow> {
  // Serialises concurrent sign-ups so exactly one of them can be the first account, which becomes admin.
  await tx`lock table users in share row exclusive mode`
  const [row] = await tx<UserRow[]>`
    insert into users (username, email, first_name, last_name, password_hash, is_admin)
    values (${user.username}, ${user.email}, ${user.firstName}, ${user.lastName}, ${user.passwordHash},
            not exists (select 1 from users))
    returning id, username, email, first_name, last_name, is_admin`
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
    select id, username, email, first_name, last_name, is_admin, password_hash
    from users
    where lower(username) = lower(${login}) or lower(email) = lower(${login})
    order by (lower(username) = lower(${login})) desc
    limit 1`
  return row
}

export async function setAdmin(sql: Sql, username: string): Promise<UserRow | undefined> {
  const [row] = await sql<UserRow[]>`
    update users set is_admin = true where lower(username) = lower(${username})
    returning id, username, email, first_name, last_name, is_admin`
  return row
}
