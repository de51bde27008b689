import type { AuditEvent } from '../../../shared/audit'
import { BRAND } from '../../../shared/brand'
import { formatPlainDate } from '../../../shared/dates'
import { renderMarkdown } from '../../../shared/markdown'
import { userRoleLabels } from '../../../shared/roles'
import type { CurrentUser } from '../../../shared/users'
import type { PersonalExport, RecordExport, StudentExport } from './export'

/**
 * The readable copy of an export: one self-contained HTML page to open or print. Every piece of
 * text people typed goes through `text()` (escaped); note bodies through the shared safe Markdown
 * renderer, which escapes raw HTML and drops unsafe links. Nothing here loads anything.
 */
const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
}
export const text = (value: unknown): string =>
  value === null || value === undefined ? '' : String(value).replace(/[&<>"']/g, (c) => ESCAPES[c]!)

const date = (value: string | null) => (value ? text(formatPlainDate(value)) : '—')
/** "2026-03-01 14:05 UTC": exact, and the same for every reader. */
const when = (value: string) => text(`${new Date(value).toISOString().slice(0, 16).replace('T', ' ')} UTC`)
const dollars = (value: number | null) => (value === null ? '—' : `$${value.toLocaleString('en-US')}`)

function table(caption: string, headers: string[], rows: string[][], empty: string): string {
  if (rows.length === 0) return `<h3>${text(caption)}</h3><p class="muted">${text(empty)}</p>`
  const head = headers.map((header) => `<th scope="col">${text(header)}</th>`).join('')
  const body = rows.map((cells) => `<tr>${cells.map((cell) => `<td>${cell}</td>`).join('')}</tr>`).join('')
  return `<table><caption>${text(caption)}</caption><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table>`
}

function accountSection(account: CurrentUser): string {
  return `<section><h2>Account</h2><dl>
    <dt>Name</dt><dd>${text(account.name)}</dd>
    <dt>Email</dt><dd>${text(account.email)}</dd>
    <dt>Roles</dt><dd>${text(userRoleLabels(account).join(', ') || 'None')}</dd>
    <dt>Time zone</dt><dd>${text(account.timeZone ?? '')}</dd>
    ${account.profileEducator ? `<dt>Bio</dt><dd>${text(account.profileEducator.bio)}</dd>` : ''}
  </dl></section>`
}

function recordSection({ record, notes, tasks, colleges }: RecordExport): string {
  const sat = record.satScoresHistorical.map((score) => [
    date(score.date),
    text(score.english),
    text(score.math),
    text(score.cumulative),
  ])
  const act = record.actScoresHistorical.map((score) => [
    date(score.date),
    text(score.english),
    text(score.math),
    text(score.reading),
    text(score.science),
    text(score.cumulative),
  ])
  const noteItems = notes
    .map(
      (note) =>
        `<article class="note"><h4>${date(note.date)} · ${text(note.author.name)}${
          note.visibility === 'internal' ? ' · internal' : ''
        }</h4>${renderMarkdown(note.body)}</article>`,
    )
    .join('')
  return `<section><h2>${text(record.name)}${record.archived ? ' (archived)' : ''}</h2>
    ${table('SAT scores', ['Date', 'Reading and Writing', 'Math', 'Total'], sat, 'No SAT scores.')}
    ${table('ACT scores', ['Date', 'English', 'Math', 'Reading', 'Science', 'Composite'], act, 'No ACT scores.')}
    ${table(
      'Documents',
      ['Name', 'Link', 'Added by', 'Added'],
      record.documents.map((document) => [
        text(document.name),
        text(document.url),
        text(document.creator.name),
        when(document.createdAt),
      ]),
      'No documents.',
    )}
    ${table(
      'Team',
      ['Name', 'Roles'],
      record.team.map((member) => [text(member.name), text(userRoleLabels(member).join(', '))]),
      'No team members.',
    )}
    ${table(
      'Family',
      ['Name', 'Relationship'],
      record.guardians.map((guardian) => [text(guardian.name), text(guardian.relationship)]),
      'No guardians linked.',
    )}
    ${table(
      'Tasks',
      ['Task', 'Due', 'Assignee', 'Status'],
      tasks.map((task) => [
        text(task.title),
        date(task.dueDate),
        text(task.assignee.name),
        text(task.status),
      ]),
      'No tasks.',
    )}
    ${table(
      'College list',
      ['College', 'Round', 'Deadline', 'Status', 'Cost of attendance', 'Aid offered', 'Net cost'],
      colleges.map((entry) => [
        text(entry.name),
        text(entry.round),
        date(entry.deadline),
        text(entry.status),
        dollars(entry.costOfAttendance),
        dollars(entry.aidOffered),
        dollars(entry.netCost),
      ]),
      'No colleges.',
    )}
    <h3>Session notes</h3>${noteItems || '<p class="muted">No session notes.</p>'}
  </section>`
}

function historySection(title: string, events: AuditEvent[]): string {
  return `<section>${table(
    title,
    ['When', 'Who', 'What', 'Subject'],
    events.map((event) => [
      when(event.createdAt),
      text(event.actor?.name ?? 'A removed account'),
      text(event.action),
      text(event.subjectName ?? event.studentName ?? ''),
    ]),
    'Nothing recorded.',
  )}</section>`
}

function page(title: string, exportedAt: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${text(title)}</title>
<style>
body{font:16px/1.5 system-ui,sans-serif;color:#1f2937;max-width:60rem;margin:2rem auto;padding:0 1rem}
h1{font-size:1.6rem}h2{font-size:1.3rem;margin-top:2rem;border-bottom:1px solid #d1d5db}
table{border-collapse:collapse;width:100%;margin:1rem 0}caption{text-align:left;font-weight:600;padding:.25rem 0}
th,td{border:1px solid #d1d5db;padding:.3rem .5rem;text-align:left;vertical-align:top;overflow-wrap:anywhere}
dl{display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem}dt{font-weight:600}dd{margin:0}
.muted{color:#4b5563}.note{border-left:3px solid #d1d5db;padding-left:.75rem;margin:1rem 0}
</style></head>
<body><h1>${text(title)}</h1><p class="muted">${text(BRAND.name)} · exported ${when(exportedAt)}</p>
${body}</body></html>`
}

export function studentExportHtml(data: StudentExport): string {
  return page(
    `Student record: ${data.account.name}`,
    data.exportedAt,
    accountSection(data.account) + recordSection(data.student) + historySection('History', data.history),
  )
}

export function personalExportHtml(data: PersonalExport): string {
  const sessions = table(
    'Signed-in devices',
    ['Signed in', 'Last seen', 'Device', 'Address'],
    data.sessions.map((session) => [
      when(session.createdAt),
      when(session.lastSeenAt),
      text(session.userAgent ?? 'Unknown'),
      text(session.ipAddress ?? 'Unknown'),
    ]),
    'No active sessions.',
  )
  return page(
    `Your data: ${data.account.name}`,
    data.exportedAt,
    accountSection(data.account) +
      `<section>${sessions}</section>` +
      data.records.map(recordSection).join('') +
      historySection('What you changed', data.activity),
  )
}
