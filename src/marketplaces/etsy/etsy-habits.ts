// The seller's Etsy habits, kept on this phone per seller: who makes what they sell, whether supplies, and which of the
// shop's profiles they use. Etsy asks them for every listing; a reseller answers the same way nearly every time, so the
// dialog asks once and proposes the last answers after (issue 29). When it was made is the item's own, as the category
// is: never kept, so one item's era never goes out on the next (issue 47).
// Read back through the contract's own schema, so a stored value Etsy no longer takes is dropped.
import * as v from 'valibot'
import { EtsyRequirementsQuerySchema, type EtsyAnswers } from '../../../api/contract/etsy-publish.ts'

export type EtsyHabits = Omit<EtsyAnswers, 'taxonomyId' | 'whenMade'>

const keyOf = (userId: number) => `snaplist:etsy-habits:${userId}`
// The item's own answers are left out: one kept by an older version is dropped on reading.
const HabitsSchema = v.omit(EtsyRequirementsQuerySchema, ['taxonomyId', 'whenMade'])

export function readEtsyHabits(userId: number): EtsyHabits {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(keyOf(userId)) ?? '{}')
    if (!stored || typeof stored !== 'object') return {}
    // Each on its own: one value Etsy dropped leaves the others.
    const habits: Record<string, unknown> = {}
    for (const [name, value] of Object.entries(stored)) {
      const one = v.safeParse(HabitsSchema, { [name]: value })
      if (one.success) Object.assign(habits, one.output)
    }
    return habits as EtsyHabits
  } catch {
    return {}
  }
}

export function rememberEtsyHabits(userId: number, answers: EtsyAnswers) {
  const { taxonomyId: _item, whenMade: _made, ...habits } = answers
  try {
    localStorage.setItem(keyOf(userId), JSON.stringify(habits))
  } catch {
    // Private mode or a full store: the seller answers again next time.
  }
}
