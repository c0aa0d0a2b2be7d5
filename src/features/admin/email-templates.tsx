// Email Templates (/admin/email-templates): the emails the app sends and the template each uses, the templates as
// cards, Create Template, and Preview, Edit and Delete on each (docs/product.md §2, §4); admins only. Delete asks in a dialog
// naming the template, and says when the app sends it.
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useState } from 'react'
import type { EmailTemplate } from '../../../api/contract/email-template.ts'
import { Button } from '../../components/ui/Button.tsx'
import { useCurrentUser } from '../../hooks/useCurrentUser.ts'
import { emailTemplatesQuery, templatePurposesQuery, useDeleteTemplate } from './email-template-queries.ts'
import { AccessDenied } from './AccessDenied.tsx'
import { ConfirmDelete } from './ConfirmDelete.tsx'
import { Loaded } from './Loaded.tsx'
import { AppEmails } from './AppEmails.tsx'
import { TemplateCard } from './TemplateCard.tsx'
import { TemplateFormDialog } from './TemplateFormDialog.tsx'
import { TemplatePreviewDialog } from './TemplatePreviewDialog.tsx'

const deleteQuestion = (template: EmailTemplate) =>
  `Are you sure you want to delete the template "${template.name}"? This cannot be undone.`

function TemplateManager() {
  const templates = useQuery(emailTemplatesQuery)
  const deleteTemplate = useDeleteTemplate()
  const [editing, setEditing] = useState<EmailTemplate | 'new' | null>(null)
  const [previewing, setPreviewing] = useState<EmailTemplate | null>(null)
  const [deleting, setDeleting] = useState<EmailTemplate | null>(null)
  const purposes = useQuery(templatePurposesQuery)
  const sentAs = (template: EmailTemplate) =>
    (purposes.data ?? []).filter((row) => row.sentTemplateId === template.id).map((row) => row.purpose)
  // docs/product.md §4: the browser's confirm; a template the app sends gets a dialog that also says what replaces it.
  const askToDelete = (template: EmailTemplate) => {
    if (sentAs(template).length > 0) return setDeleting(template)
    if (window.confirm(deleteQuestion(template))) deleteTemplate.mutate(template.id)
  }

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <Link to="/admin" className="text-sm font-medium text-indigo-700 hover:underline">
            ← Admin Dashboard
          </Link>
          <h1 className="text-2xl font-bold text-slate-900">Email Templates</h1>
        </div>
        <Button onClick={() => setEditing('new')}>Create Template</Button>
      </div>
      {/* Even with no templates it says what the app sends (then every email is the built-in one). */}
      {templates.data && <AppEmails templates={templates.data} />}
      <Loaded query={templates} what="email templates">
        {(rows) =>
          rows.length === 0 ? (
            <p className="rounded-2xl border border-dashed border-slate-300 bg-white p-8 text-center text-slate-600">
              No email templates found. Create your first template to get started.
            </p>
          ) : (
            <div className="grid gap-4 lg:grid-cols-2">
              {rows.map((template) => (
                <TemplateCard
                  key={template.id}
                  template={template}
                  onPreview={() => setPreviewing(template)}
                  onEdit={() => setEditing(template)}
                  onDelete={() => askToDelete(template)}
                />
              ))}
            </div>
          )
        }
      </Loaded>
      <TemplateFormDialog editing={editing} onClose={() => setEditing(null)} />
      <TemplatePreviewDialog template={previewing} onClose={() => setPreviewing(null)} />
      <ConfirmDelete
        target={deleting}
        remove={deleteTemplate}
        title="Delete this template?"
        confirmLabel="Delete template"
        onClose={() => setDeleting(null)}
      >
        {(template) => (
          <>
            <p>{deleteQuestion(template)}</p>
            {sentAs(template).length > 0 && (
              <p className="mt-2 rounded-lg bg-amber-50 p-3 text-amber-900">
                Snaplist sends it as the {sentAs(template).join(' and ')} email. After deleting, it sends the active
                template named after that email, or a plain built-in one.
              </p>
            )}
          </>
        )}
      </ConfirmDelete>
    </div>
  )
}

export function EmailTemplatesScreen() {
  const user = useCurrentUser()
  return user.isAdmin ? <TemplateManager /> : <AccessDenied />
}
