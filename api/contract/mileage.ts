// The IRS standard mileage rate by year, kept as data with where each figure comes from (issue 52, decision 0061). A
// year not listed has no published rate here: the seller sets the rate (PUT /api/mileage-rates/{year}), as they may for
// any year. Rates are tenths of a cent per mile (the IRS has published rates like 62.5¢).
import * as v from 'valibot'

export interface PublishedRate {
  tenthCentsPerMile: number
  source: string
}

export const IRS_MILEAGE_RATES: Record<number, PublishedRate> = {
  2023: { tenthCentsPerMile: 655, source: 'IRS Notice 2023-03 (IR-2022-234): 65.5¢ a mile for business use' },
  2024: { tenthCentsPerMile: 670, source: 'IRS Notice 2024-08 (IR-2023-239): 67¢ a mile for business use' },
  2025: { tenthCentsPerMile: 700, source: 'IRS Notice 2025-5 (IR-2024-312): 70¢ a mile for business use' },
}

/** The rate a year's trips are deducted at: the seller's own, else the IRS's, else none yet. */
export interface MileageRate {
  tenthCentsPerMile: number | null
  /** 'seller' when the seller set it; the IRS notice it comes from otherwise; what to do when neither. */
  source: string
  setBySeller: boolean
}

export const NO_RATE_SOURCE = 'No IRS rate for this year is kept here yet: set the rate the IRS published for the year'

export function rateFor(year: number, sellerTenthCents: number | null): MileageRate {
  if (sellerTenthCents !== null) return { tenthCentsPerMile: sellerTenthCents, source: 'Set by you', setBySeller: true }
  const published = IRS_MILEAGE_RATES[year]
  return published
    ? { tenthCentsPerMile: published.tenthCentsPerMile, source: published.source, setBySeller: false }
    : { tenthCentsPerMile: null, source: NO_RATE_SOURCE, setBySeller: false }
}

/** The deduction of a year's miles (tenths) at a rate (tenths of a cent a mile), rounded once to the cent. */
export const deductionCents = (milesTenths: number, tenthCentsPerMile: number | null) =>
  tenthCentsPerMile === null ? 0 : Math.round((milesTenths * tenthCentsPerMile) / 100)

/** A rate up to $5 a mile with at most one decimal of a cent; blank (null) goes back to the IRS's. */
const RATE_MESSAGE = 'Rate must be cents a mile, like 70 or 62.5'
export const MileageRateInputSchema = v.object({
  centsPerMile: v.pipe(
    v.optional(v.nullable(v.union([v.number(RATE_MESSAGE), v.pipe(v.string(RATE_MESSAGE), v.trim())])), null),
    v.transform((input) => (input === null || input === '' ? null : Number(input))),
    v.check((rate) => rate === null || (Number.isFinite(rate) && rate > 0 && rate <= 500), RATE_MESSAGE),
    v.check((rate) => rate === null || Math.abs(rate * 10 - Math.round(rate * 10)) < 1e-6, RATE_MESSAGE),
    v.transform((rate) => (rate === null ? null : Math.round(rate * 10))),
  ),
})
export type MileageRateInput = v.InferOutput<typeof MileageRateInputSchema>
