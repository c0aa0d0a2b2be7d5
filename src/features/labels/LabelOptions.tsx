// The paper the labels print on, and where on its first sheet they start (issue 47): "Start at label" is checked by the
// contract's own schema, so what the form refuses is what the server would.
import * as v from 'valibot'
import { LABEL_STOCKS, LabelsQuerySchema, type LabelStock } from '../../../api/contract/labels.ts'
import { controlClass } from '../../components/ui/Field.tsx'
import { TextField } from '../../components/ui/TextField.tsx'

export interface LabelChoice {
  paper: LabelStock
  /** As typed: checked before it is asked for. */
  start: string
}

/** What the choice is asked as, or why it cannot be: a roll has no sheet to start into, so it starts at 1. */
export function checkedChoice(ids: string, { paper, start }: LabelChoice) {
  const sent = { ids, paper, start: LABEL_STOCKS[paper].perSheet > 1 ? start.trim() : '1' }
  const parsed = v.safeParse(LabelsQuerySchema, sent)
  const startIssue = parsed.issues?.find((issue) => v.getDotPath(issue) === 'start')
  return { sent, error: startIssue?.message }
}

export function LabelOptions({
  choice,
  error,
  onChange,
}: {
  choice: LabelChoice
  error: string | undefined
  onChange: (choice: LabelChoice) => void
}) {
  return (
    <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
      <label className="flex flex-col gap-1 text-sm font-medium text-slate-800">
        Paper
        <select
          className={controlClass}
          value={choice.paper}
          onChange={(event) => onChange({ ...choice, paper: event.target.value as LabelStock })}
        >
          {Object.entries(LABEL_STOCKS).map(([value, { name }]) => (
            <option key={value} value={value}>
              {name}
            </option>
          ))}
        </select>
      </label>
      {LABEL_STOCKS[choice.paper].perSheet > 1 && (
        <TextField
          label="Start at label"
          hint={`Labels already used on the sheet are skipped: count from its top left, 1 to ${LABEL_STOCKS[choice.paper].perSheet}.`}
          inputMode="numeric"
          value={choice.start}
          error={error}
          onChange={(event) => onChange({ ...choice, start: event.target.value })}
        />
      )}
    </div>
  )
}
