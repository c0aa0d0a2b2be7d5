// Turns autocannon results into the printed report: one table per database, /api/user's two target checks (from the
// rounds run in turn on one server) and the listings budget.
import type { Result } from 'autocannon'

export interface Measurement {
  endpoint: string
  result: Result
}

/** The baseline and /api/user, run one after the other on the same server, round after round. */
export type PairedRounds = { baseline: Measurement; user: Measurement }[]

const USER_MIN_RPS_RATIO = 0.8
const USER_MAX_P99_RATIO = 2
const LISTINGS_MAX_P99_MS = 50

// A zero denominator (sub-millisecond p99) has no meaningful ratio; NaN prints as n/a and never passes.
const ratio = (value: number, base: number) => (base > 0 ? value / base : Number.NaN)
const times = (value: number) => (Number.isFinite(value) ? `${value.toFixed(2)}×` : 'n/a')
const verdict = (passed: boolean) => (passed ? 'PASS' : 'FAIL')

export function problems({ endpoint, result }: Measurement): string | undefined {
  if (result.non2xx === 0 && result.errors === 0) return undefined
  return `${endpoint}: ${result.non2xx} non-2xx responses, ${result.errors} errors (${result.timeouts} timeouts)`
}

function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)))
  // The endpoint column reads best left-aligned, the numbers right-aligned.
  const line = (row: string[]) =>
    row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ')
  return [line(rows[0]!), widths.map((width) => '-'.repeat(width)).join('  '), ...rows.slice(1).map(line)].join('\n')
}

const HEADINGS = ['endpoint', 'req/s', 'p50 ms', 'p99 ms', 'req/s vs baseline', 'p99 vs baseline']

const row = ({ endpoint, result }: Measurement, base: Result) => [
  endpoint,
  Math.round(result.requests.average).toLocaleString('en-US'),
  String(result.latency.p50),
  String(result.latency.p99),
  times(ratio(result.requests.average, base.requests.average)),
  times(ratio(result.latency.p99, base.latency.p99)),
]

const median = (values: number[]) => {
  const sorted = values.toSorted((a, b) => a - b)
  const middle = sorted.length >> 1
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2
}

/** The rounds' median ratio, with the lowest and highest round beside it. */
function pairedRatio(rounds: PairedRounds, of: (result: Result) => number) {
  const ratios = rounds.map(({ baseline, user }) => ratio(of(user.result), of(baseline.result)))
  const spread = `rounds ${times(Math.min(...ratios))} to ${times(Math.max(...ratios))}`
  return { value: median(ratios), spread }
}

export function formatMode(label: string, measurements: Measurement[], rounds: PairedRounds): string {
  const base = measurements.find(({ endpoint }) => endpoint.startsWith('baseline'))!.result
  const rows = measurements.map((measurement) => row(measurement, base))
  const rps = pairedRatio(rounds, (result) => result.requests.average)
  const p99 = pairedRatio(rounds, (result) => result.latency.p99)
  const basis = `median of ${rounds.length} rounds in turn on one server`
  return [
    `== ${label} ==`,
    table([HEADINGS, ...rows]),
    '',
    `/api/user req/s = ${times(rps.value)} baseline (${basis}, ${rps.spread}; target ≥ ${USER_MIN_RPS_RATIO}×): ${verdict(rps.value >= USER_MIN_RPS_RATIO)}`,
    `/api/user p99 = ${times(p99.value)} baseline (${basis}, ${p99.spread}; target ≤ ${USER_MAX_P99_RATIO}×): ${verdict(p99.value <= USER_MAX_P99_RATIO)}`,
  ].join('\n')
}

/** Each GET /api/listings run against the baseline run at the same number of connections just before it. */
export function formatListings(label: string, measurements: Measurement[]): string {
  const pairs = measurements.flatMap((measurement, index) =>
    index % 2 === 1 ? [[measurements[index - 1]!, measurement] as const] : [],
  )
  const rows = pairs.flatMap(([baseline, listings]) => [row(baseline, baseline.result), row(listings, baseline.result)])
  const oneAtATime = pairs[0]![1].result.latency.p99
  return [
    `== ${label} ==`,
    table([HEADINGS, ...rows]),
    '',
    `GET /api/listings p99, one seller at a time = ${oneAtATime} ms (target < ${LISTINGS_MAX_P99_MS} ms): ${verdict(oneAtATime < LISTINGS_MAX_P99_MS)}`,
  ].join('\n')
}
