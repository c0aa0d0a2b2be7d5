// Preview (docs/product.md §2): the subject, the HTML as a mail client would show it, and the text if there is one, all filled
// with sample values. The HTML is shown in a sandboxed frame without allow-scripts, so a template's scripts and
// event handlers never run.
import { APP_NAME, escapeHtml, fillPlaceholders, type EmailTemplate } from '../../../api/contract/email-template.ts'
import { Dialog } from '../../components/ui/Dialog.tsx'
import { useCurrentUser } from '../../hooks/useCurrentUser.ts'

/**
 * Mail clients show a template's style attributes and <style> elements. The srcdoc frame inherits this app's
 * Content-Security-Policy, which refuses inline styles, so they are applied here through the CSSOM, which the policy
 * does not govern. That needs the frame's document (allow-same-origin); with no allow-scripts nothing in it runs.
 */
function applyTemplateStyles(frame: HTMLIFrameElement) {
  const doc = frame.contentDocument
  const view = frame.contentWindow as (Window & typeof globalThis) | null
  if (!doc || !view) return
  for (const element of doc.querySelectorAll<HTMLElement>('[style]'))
    element.style.cssText = element.getAttribute('style') ?? ''
  doc.adoptedStyleSheets = [...doc.querySelectorAll('style')].map((style) => {
    const sheet = new view.CSSStyleSheet()
    sheet.replaceSync(style.textContent ?? '')
    return sheet
  })
}

function useSampleValues(): Record<string, string> {
  const user = useCurrentUser()
  const origin = window.location.origin
  return {
    username: user.username,
    appName: APP_NAME,
    appUrl: origin,
    resetUrl: `${origin}/reset-password?token=sample-token`,
  }
}

export function TemplatePreviewDialog({ template, onClose }: { template: EmailTemplate | null; onClose: () => void }) {
  const values = useSampleValues()
  return (
    <Dialog open={template !== null} onClose={onClose} title={template ? `Preview: ${template.name}` : 'Preview'} wide>
      {template && (
        <div className="flex flex-col gap-4 text-sm">
          <p className="text-xs text-slate-500">
            Placeholders are filled with sample values. Scripts in the template do not run.
          </p>
          <div>
            <h3 className="font-semibold text-slate-900">Subject</h3>
            <p className="mt-1 break-words text-slate-800">{fillPlaceholders(template.subject, values)}</p>
          </div>
          <div>
            <h3 className="font-semibold text-slate-900">HTML</h3>
            <iframe
              title={`HTML of ${template.name}`}
              sandbox="allow-same-origin"
              onLoad={(event) => applyTemplateStyles(event.currentTarget)}
              srcDoc={fillPlaceholders(template.htmlContent, values, escapeHtml)}
              className="mt-1 h-96 w-full rounded-lg border border-slate-200 bg-white"
            />
          </div>
          {template.textContent && (
            <div>
              <h3 className="font-semibold text-slate-900">Text</h3>
              <pre className="mt-1 rounded-lg bg-slate-50 p-3 font-mono text-xs whitespace-pre-wrap break-words text-slate-700">
                {fillPlaceholders(template.textContent, values)}
              </pre>
            </div>
          )}
        </div>
      )}
    </Dialog>
  )
}
