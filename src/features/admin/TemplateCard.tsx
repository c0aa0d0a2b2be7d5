// One template as a card (docs/product.md §2): name, Active/Inactive, subject, when it last changed, the start of its HTML,
// and Preview, Edit, Delete.
import { TEMPLATE_EXCERPT_LENGTH, type EmailTemplate } from '../../../api/contract/email-template.ts'
import { Button } from '../../components/ui/Button.tsx'

const formatDate = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' })

const excerpt = (html: string) =>
  html.length > TEMPLATE_EXCERPT_LENGTH ? `${html.slice(0, TEMPLATE_EXCERPT_LENGTH)}…` : html

function StatusBadge({ active }: { active: boolean }) {
  return (
    <span
      className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${active ? 'bg-emerald-50 text-emerald-800' : 'bg-slate-100 text-slate-600'}`}
    >
      {active ? 'Active' : 'Inactive'}
    </span>
  )
}

export interface TemplateActions {
  onPreview: () => void
  onEdit: () => void
  onDelete: () => void
}

export function TemplateCard({ template, onPreview, onEdit, onDelete }: { template: EmailTemplate } & TemplateActions) {
  return (
    <article
      className="flex min-w-0 flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-5"
      aria-label={template.name}
    >
      <div className="flex flex-wrap items-center gap-2">
        <h2 className="min-w-0 font-semibold break-words text-slate-900">{template.name}</h2>
        <StatusBadge active={template.isActive} />
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-slate-500">Subject</dt>
        <dd className="min-w-0 break-words text-slate-800">{template.subject}</dd>
        <dt className="text-slate-500">Last updated</dt>
        <dd className="text-slate-800">
          <time dateTime={template.updatedAt}>{formatDate.format(new Date(template.updatedAt))}</time>
        </dd>
      </dl>
      <pre className="max-h-40 overflow-hidden rounded-lg bg-slate-50 p-3 font-mono text-xs whitespace-pre-wrap break-all text-slate-600">
        {excerpt(template.htmlContent)}
      </pre>
      <div className="mt-auto grid grid-cols-3 gap-2 sm:flex sm:justify-end">
        <Button variant="secondary" onClick={onPreview} aria-label={`Preview ${template.name}`}>
          Preview
        </Button>
        <Button variant="secondary" onClick={onEdit} aria-label={`Edit ${template.name}`}>
          Edit
        </Button>
        <Button variant="secondary" onClick={onDelete} aria-label={`Delete ${template.name}`}>
          Delete
        </Button>
      </div>
    </article>
  )
}
