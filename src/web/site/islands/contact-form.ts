import '../../lib/zod-jitless'
import { BRAND } from '../../../shared/brand'
import { type ContactInput, contactBodySchema, HONEYPOT_FIELD } from '../../../shared/contact'
import { problemSchema } from '../../../shared/problem'

/**
 * The contact form island: the prerendered form plus validation with the shared schema (the
 * messages of docs/product.md#form-messages), sending to POST /api/v1/contact, and the thank-you state. Plain DOM code:
 * React would add far more JavaScript to this page than one form needs (ADR 013; the figure is in
 * docs/performance.md, "Figures that were in code comments").
 */
const FIELDS = ['name', 'email', 'phone', 'service', 'message'] as const
type FieldName = (typeof FIELDS)[number]

const ERROR_ICON =
  '<svg aria-hidden="true" focusable="false" width="16" height="16" viewBox="0 0 20 20" fill="currentColor" class="mt-0.5 shrink-0"><path fill-rule="evenodd" d="M10 18a8 8 0 1 0 0-16 8 8 0 0 0 0 16Zm-.75-11.5a.75.75 0 0 1 1.5 0v4a.75.75 0 0 1-1.5 0v-4ZM10 14.5a1 1 0 1 0 0-2 1 1 0 0 0 0 2Z"/></svg>'

function control(form: HTMLFormElement, name: string) {
  return form.elements.namedItem(name) as HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement
}

function showFieldError(form: HTMLFormElement, name: FieldName, message: string | undefined) {
  const input = control(form, name)
  const error = document.getElementById(`contact-${name}-error`)!
  const help = document.getElementById(`contact-${name}-help`) ? `contact-${name}-help` : ''
  if (message) {
    error.innerHTML = `${ERROR_ICON}<span></span>`
    error.querySelector('span')!.textContent = message
    error.hidden = false
    input.setAttribute('aria-invalid', 'true')
    input.setAttribute('aria-describedby', [help, error.id].filter(Boolean).join(' '))
  } else {
    error.hidden = true
    error.textContent = ''
    input.removeAttribute('aria-invalid')
    if (help) input.setAttribute('aria-describedby', help)
    else input.removeAttribute('aria-describedby')
  }
}

function showAlert(text: string | null) {
  const alert = document.getElementById('contact-alert')!
  alert.textContent = text ?? ''
  alert.hidden = !text
}

function values(form: HTMLFormElement): ContactInput {
  const value = (name: string) => control(form, name).value
  return {
    name: value('name'),
    email: value('email'),
    phone: value('phone'),
    service: value('service') as ContactInput['service'],
    message: value('message'),
    [HONEYPOT_FIELD]: value(HONEYPOT_FIELD),
  }
}

/** Shows each field's first problem; focuses the first field with one. Returns whether all is well. */
function showProblems(form: HTMLFormElement, problems: { path: string; message: string }[]): boolean {
  const byField = new Map<string, string>()
  for (const problem of problems) if (!byField.has(problem.path)) byField.set(problem.path, problem.message)
  for (const name of FIELDS) showFieldError(form, name, byField.get(name))
  const first = FIELDS.find((name) => byField.has(name))
  if (first) control(form, first).focus()
  return !first
}

export function mountContactForm(form: HTMLFormElement) {
  const button = form.querySelector<HTMLButtonElement>('button[type="submit"]')!
  const idleLabel = button.textContent ?? 'Send message'
  const touched = new Set<FieldName>()

  // After a first attempt, a message goes as soon as its field is fixed ("reward early"); new ones
  // wait for the next submit, so nothing jumps under the pointer on its way to the button.
  for (const name of FIELDS) {
    control(form, name).addEventListener('input', () => {
      if (!touched.has(name) || document.getElementById(`contact-${name}-error`)!.hidden) return
      const result = contactBodySchema.safeParse(values(form))
      if (result.success || !result.error.issues.some((i) => i.path[0] === name))
        showFieldError(form, name, undefined)
    })
  }

  // Typed words are not lost to a refresh or a closed tab by mistake: the browser asks first.
  let sent = false
  window.addEventListener('beforeunload', (event) => {
    if (sent || !(['name', 'message'] as const).some((name) => control(form, name).value.trim())) return
    event.preventDefault()
    event.returnValue = ''
  })

  form.addEventListener('submit', async (event) => {
    event.preventDefault()
    if (button.disabled) return
    showAlert(null)
    for (const name of FIELDS) touched.add(name)
    const result = contactBodySchema.safeParse(values(form))
    if (!result.success) {
      showProblems(
        form,
        result.error.issues.map((issue) => ({
          path: issue.path.map(String).join('.'),
          message: issue.message,
        })),
      )
      return
    }
    button.disabled = true
    button.setAttribute('aria-disabled', 'true')
    button.textContent = 'Sending…'
    try {
      const response = await fetch('/api/v1/contact', {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(values(form)),
      })
      if (response.ok) {
        sent = true
        form.hidden = true
        const thanks = document.getElementById('contact-thanks')!
        thanks.hidden = false
        thanks.focus()
        return
      }
      const problem = problemSchema.safeParse(await response.json().catch(() => null))
      if (problem.success && problem.data.errors?.length) {
        showProblems(form, problem.data.errors)
      } else if (response.status === 429) {
        showAlert(
          `${problem.success ? problem.data.detail : 'Too many messages from this connection.'} You can also email ${BRAND.email} or call ${BRAND.phone}.`,
        )
      } else {
        showAlert(
          `We could not send your message. Please try again, or email ${BRAND.email} or call ${BRAND.phone}.`,
        )
      }
    } catch {
      showAlert(
        `We could not reach our server. Check your connection and try again, or email ${BRAND.email}.`,
      )
    } finally {
      button.disabled = false
      button.removeAttribute('aria-disabled')
      button.textContent = idleLabel
    }
  })
  // Loaded after the page (a dynamic import): say when the form is live, for tests and styles.
  form.dataset.mounted = ''
}
