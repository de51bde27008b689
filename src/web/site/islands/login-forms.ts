import type { z } from 'zod'

/**
 * The /login island's forms (islands/login.ts): the app's form behaviour (react-hook-form with the
 * zod resolver), by hand, over the markup of site/pages/login.tsx.
 */

export type Issue = { path: string; message: string }

export const field = (form: HTMLFormElement, name: string) =>
  form.elements.namedItem(name) as HTMLInputElement

/** The field's error under it, or none; aria-invalid and aria-describedby follow. */
export function showFieldError(form: HTMLFormElement, name: string, message: string | undefined) {
  const input = field(form, name)
  const error = form.querySelector<HTMLElement>(`#${input.id}-error`)!
  const help = form.querySelector<HTMLElement>(`#${input.id}-help`)
  error.hidden = !message
  error.querySelector('span')!.textContent = message ?? ''
  if (message) input.setAttribute('aria-invalid', 'true')
  else input.removeAttribute('aria-invalid')
  const describedBy = [help ? help.id : null, message ? error.id : null].filter(Boolean).join(' ')
  if (describedBy) input.setAttribute('aria-describedby', describedBy)
  else input.removeAttribute('aria-describedby')
}

/** Each field's first problem under it, the others cleared; focuses the first field with one. */
export function showIssues(form: HTMLFormElement, fields: readonly string[], issues: Issue[], focus = true) {
  const byField = new Map<string, string>()
  for (const issue of issues) if (!byField.has(issue.path)) byField.set(issue.path, issue.message)
  for (const name of fields) showFieldError(form, name, byField.get(name))
  const first = fields.find((name) => byField.has(name))
  if (first && focus) field(form, first).focus()
}

export const issuesOf = (error: z.ZodError): Issue[] =>
  error.issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message }))

/** What only some visits show waits in the page's `<template>`, outside the document. */
export const templates = () => document.querySelector<HTMLTemplateElement>('#login-templates')!.content
export const template = <T extends HTMLElement>(selector: string) =>
  templates().querySelector(selector)!.cloneNode(true) as T

/** A copy of the page's alert that holds `[data-notice=name]`, with `text` in it when given. */
export function alertFor(name: string, text?: string): HTMLElement {
  const alert = templates()
    .querySelector(`[data-notice="${name}"]`)!
    .closest('[role="alert"]')!
    .cloneNode(true) as HTMLElement
  if (text !== undefined) alert.querySelector('[data-notice]')!.textContent = text
  return alert
}

/** The danger alert above the form's fields, or none. */
export function showFormError(form: HTMLFormElement, message: string | null) {
  form.querySelector(':scope > [role="alert"]')?.remove()
  if (!message) return
  form.insertBefore(alertFor('form-error', message), form.querySelector('[data-field]'))
}

/** The submit button says it is busy and cannot be pressed twice. */
export function setPending(form: HTMLFormElement, pending: boolean) {
  const button = form.querySelector<HTMLButtonElement>('button[type="submit"]')!
  button.disabled = pending
  button.setAttribute('aria-disabled', String(pending))
  button.querySelector<HTMLElement>('[data-spinner]')!.hidden = !pending
  button.querySelector('span:not([data-spinner])')!.textContent =
    (pending ? button.dataset.pendingLabel : button.dataset.idleLabel) ?? ''
}

export const submitted = new WeakSet<HTMLFormElement>()

/** Values back, errors and the form's alert gone, as a fresh form. */
export function resetForm(form: HTMLFormElement, values: Record<string, string>) {
  for (const [name, value] of Object.entries(values)) field(form, name).value = value
  for (const input of form.querySelectorAll<HTMLInputElement>('[data-field] input'))
    showFieldError(form, input.name, undefined)
  showFormError(form, null)
  submitted.delete(form)
}

/**
 * Wires a form: checked with `validate` on submit (messages and focus), then again as each field
 * changes once it has been submitted; `send` runs with the checked values while the button is busy.
 * `send` answers whether the page is leaving (the button then stays busy).
 */
export function wireForm<T>(
  form: HTMLFormElement,
  fields: readonly string[],
  validate: () => { success: true; data: T } | { success: false; error: z.ZodError },
  send: (data: T) => Promise<boolean>,
) {
  for (const name of fields) {
    field(form, name).addEventListener('input', () => {
      if (!submitted.has(form)) return
      const result = validate()
      const message = result.success
        ? undefined
        : issuesOf(result.error).find((i) => i.path === name)?.message
      showFieldError(form, name, message)
    })
  }
  form.addEventListener('submit', async (event) => {
    event.preventDefault()
    const button = form.querySelector<HTMLButtonElement>('button[type="submit"]')!
    if (button.disabled) return
    submitted.add(form)
    const result = validate()
    if (!result.success) return showIssues(form, fields, issuesOf(result.error))
    showIssues(form, fields, [])
    showFormError(form, null)
    setPending(form, true)
    let leaving = false
    try {
      leaving = await send(result.data)
    } finally {
      if (!leaving) setPending(form, false)
    }
  })
}
