// Secrets compared in constant time (a password's key, a marketplace's signature), so how long the check takes says
// nothing of how much of a forgery matched.
import { timingSafeEqual } from 'node:crypto'

/** Whether the bytes given are the bytes expected; of another length they are simply not. */
export const sameBytes = (given: Buffer, expected: Buffer) =>
  given.length === expected.length && timingSafeEqual(given, expected)
