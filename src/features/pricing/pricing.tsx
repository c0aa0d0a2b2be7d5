// The Offers & markdowns screen (/pricing, issue 51, docs/decisions/0075): the seller's minimum profit and markdown
// ladder and offer rule, what the next run changes ("What changes tomorrow") with Apply now, the runs so far, each with
// Undo and what its lowered prices sold (decision 0080), and the offers sent to watchers with what became of them
// (decision 0076). Read from the server: this screen is not kept for offline use.
import { useQuery } from '@tanstack/react-query'
import type { MarkdownChange, MarkdownPreview, MarkdownRun, PriceRulesView } from '../../../api/contract/price-rules.ts'
import { ListingLink } from '../../components/ListingLink.tsx'
import { Button } from '../../components/ui/Button.tsx'
import { exactMoney } from '../../lib/money.ts'
import { OffersHistory } from './OffersHistory.tsx'
import { nextRunQuery, priceRulesQuery, useApplyNow, useUndoRun } from './pricing-queries.ts'
import { RulesForm } from './RulesForm.tsx'

const card = 'flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm'
const cents = (value: number) => exactMoney(value / 100)

function ChangeRow({ change }: { change: MarkdownChange }) {
  return (
    <li className="flex flex-wrap items-baseline justify-between gap-x-3 py-2">
      <ListingLink id={change.listingId} title={change.title} className="min-w-0 flex-1 truncate" />
      <span className="tabular-nums text-slate-800">
        {cents(change.fromCents)} → {cents(change.toCents)}
        {change.atFloor && <span className="ml-1 text-xs text-amber-800">(its floor)</span>}
      </span>
    </li>
  )
}

function NextRun({ next, ladderOn }: { next: MarkdownPreview; ladderOn: boolean }) {
  const apply = useApplyNow()
  const left = [
    next.withoutFloor > 0 && `${next.withoutFloor} due without a floor (enter their cost) are left as they are.`,
    next.atFloor > 0 && `${next.atFloor} due are at their floor already.`,
    next.more && 'More are due: the rest go in the next run.',
  ].filter(Boolean)
  return (
    <section className={card} aria-labelledby="next-run">
      <h2 id="next-run" className="text-lg font-semibold text-slate-900">
        What changes tomorrow
      </h2>
      {next.changes.length === 0 ? (
        <p className="text-slate-700">No price changes in the next run.</p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {next.changes.map((change) => (
            <ChangeRow key={change.listingId} change={change} />
          ))}
        </ul>
      )}
      {left.map((line) => (
        <p key={String(line)} className="text-sm text-slate-600">
          {line}
        </p>
      ))}
      <Button
        onClick={() => apply.mutate(undefined)}
        disabled={!ladderOn || next.changes.length === 0 || apply.isPending}
      >
        {apply.isPending ? 'Applying…' : 'Apply now'}
      </Button>
      {!ladderOn && <p className="text-sm text-slate-600">Turn the ladder on above to apply it.</p>}
    </section>
  )
}

function RunItem({ run }: { run: MarkdownRun }) {
  const undo = useUndoRun()
  return (
    <li className="flex flex-col gap-1 py-3">
      <div className="flex items-center justify-between gap-3">
        <span className="min-w-0">
          <span className="block font-medium text-slate-900">
            {new Date(run.ranAt).toLocaleString()} · {run.changes.length} lowered
          </span>
          <span className="block text-sm text-slate-600">
            {run.sold === 0 ? 'None sold at these prices yet' : `${run.sold} sold · ${cents(run.revenueCents)}`}
          </span>
        </span>
        {run.undoneAt ? (
          <span className="text-sm text-slate-600">Undone</span>
        ) : (
          <Button variant="secondary" onClick={() => undo.mutate(run.id)} disabled={undo.isPending}>
            Undo
          </Button>
        )}
      </div>
      <ul className="divide-y divide-slate-100 text-sm">
        {run.changes.map((change) => (
          <ChangeRow key={change.listingId} change={change} />
        ))}
      </ul>
    </li>
  )
}

/** What the runs shown lowered and what those prices sold (decision 0080). */
function MarkdownResults({ view }: { view: PriceRulesView }) {
  const lowered = view.runs.reduce((sum, run) => sum + run.changes.length, 0)
  const figures = [
    ['Lowered', String(lowered)],
    ['Sold', String(view.results.sold)],
    ['Revenue', cents(view.results.revenueCents)],
  ]
  return (
    <dl className="grid grid-cols-3 gap-2 text-center">
      {figures.map(([term, value]) => (
        <div key={term} className="rounded-xl bg-slate-50 p-2">
          <dt className="text-xs text-slate-600">{term}</dt>
          <dd className="font-semibold tabular-nums text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  )
}

export function PricingScreen() {
  const rules = useQuery(priceRulesQuery)
  const next = useQuery(nextRunQuery)
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-4">
      <h1 className="text-2xl font-bold text-slate-900">Offers &amp; markdowns</h1>
      {rules.isError && <p role="alert">The rules could not be read. Check your connection and try again.</p>}
      {rules.data && (
        <>
          <section className={card} aria-labelledby="rules">
            <h2 id="rules" className="text-lg font-semibold text-slate-900">
              Your rules
            </h2>
            <RulesForm rules={rules.data.rules} />
          </section>
          {next.data && <NextRun next={next.data} ladderOn={rules.data.rules.ladder.on} />}
          <section className={card} aria-labelledby="history">
            <h2 id="history" className="text-lg font-semibold text-slate-900">
              Markdowns so far
            </h2>
            {rules.data.runs.length === 0 ? (
              <p className="text-slate-700">None yet.</p>
            ) : (
              <>
                <MarkdownResults view={rules.data} />
                <ul className="divide-y divide-slate-200">
                  {rules.data.runs.map((run) => (
                    <RunItem key={run.id} run={run} />
                  ))}
                </ul>
              </>
            )}
          </section>
          <OffersHistory className={card} />
        </>
      )}
    </div>
  )
}
