// How the phone's sync engine and the API agree that changes made offline reach only the account that made them.

/** The account (user id) a sync request is sent for; the API refuses it when the session is another account's. */
export const SYNC_ACCOUNT_HEADER = 'X-Snaplist-Account'

/** The code of that refusal (409): someone else signed in on the phone after the change was queued. */
export const ACCOUNT_CHANGED = 'account_changed'
