// The emails Snaplist sends (docs/product.md §2's templates put to use): for each, when it goes out, which template it uses now,
// and the admin's choice of template for it.
import { useQuery } from '@tanstack/react-query'
import {
  APP_TEMPLATE_SENT_WHEN,
  type EmailTemplate,
  type TemplatePurpose,
} from '../../../api/contract/email-template.ts'
import { SelectField } from '../../components/ui/SelectField.tsx'
import { templatePurposesQuery, useChooseTemplate } from './email-template-queries.ts'
import { Loaded } from './Loaded.tsx'

const sentNow = (row: TemplatePurpose, templates: EmailTemplate[]) =>
  templates.find((template) => template.id === row.sentTemplateId)?.name ??
  'a plain built-in email (no active template for it)'

export function AppEmails({ templates }: { templates: EmailTemplate[] }) {
  const purposes = useQuery(templatePurposesQuery)
  const choose = useChooseTemplate()
  const options = templates.map((template) => ({
    value: String(template.id),
    label: template.isActive ? template.name : `${template.name} (inactive)`,
  }))
  return (
    <section aria-labelledby="app-emails-heading" className="min-w-0 rounded-2xl border border-slate-200 bg-white p-5">
      <h2 id="app-emails-heading" className="text-lg font-semibold text-slate-900">
        Emails Snaplist sends
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Each email uses the template chosen here if it is active; otherwise the active template named after the email;
        otherwise a plain built-in one.
      </p>
      <Loaded query={purposes} what="emails">
        {(rows) => (
          <ul className="mt-3 divide-y divide-slate-100">
            {rows.map((row) => (
              <li
                key={row.purpose}
                aria-label={`${row.purpose} email`}
                className="grid gap-2 py-3 sm:grid-cols-2 sm:items-end sm:gap-4"
              >
                <div className="min-w-0 text-sm">
                  <p className="font-medium text-slate-900">{row.purpose}</p>
                  <p className="text-slate-600">Sent {APP_TEMPLATE_SENT_WHEN[row.purpose]}.</p>
                  <p className="text-slate-600">Uses now: {sentNow(row, templates)}</p>
                </div>
                <SelectField
                  label={`Template for ${row.purpose}`}
                  options={options}
                  placeholder={`Default (the template named ${row.purpose})`}
                  value={row.chosenTemplateId === null ? '' : String(row.chosenTemplateId)}
                  disabled={choose.isPending}
                  onChange={(event) =>
                    choose.mutate({
                      purpose: row.purpose,
                      templateId: event.target.value ? Number(event.target.value) : null,
                    })
                  }
                />
              </li>
            ))}
          </ul>
        )}
      </Loaded>
    </section>
  )
}
