import type { AuditEvent } from '../../../shared/audit'
import { auditSentence } from '../../../shared/audit-sentence'
import { BRAND } from '../../../shared/brand'
import { ROUND_LABELS, STATUS_LABELS } from '../../../shared/colleges'
import { renderMarkdown } from '../../../shared/markdown'
import { MESSAGE_DELETED_TEXT } from '../../../shared/messages'
import { userRoleLabels } from '../../../shared/roles'
import type { CurrentUser } from '../../../shared/users'
import { deviceName } from '../users/sessions'
import type { PersonalExportSource, RecordSource, StudentExportSource } from './export'
import { date, dollars, mapEach, table, text, when } from './html-parts'
import { practiceAttemptsTable } from './summary-practice'
import { hoursTables, tutoringSessionsTable } from './summary-tutoring'

/**
 * The readable copy of an export: one self-contained HTML page to open or print. Every piece of
 * text people typed goes through `text()` (escaped); note and message bodies through the shared safe Markdown
 * renderer, which escapes raw HTML and drops unsafe links. Codes are written in the product's words:
 * history lines as the History section's sentences, devices as /settings names them ("Chrome on
 * macOS"), rounds and statuses as the record shows them. Nothing here loads anything. The page is
 * written section by section and row by row as its sources are read (docs/product.md#data-rights).
 */
function accountSection(account: CurrentUser): string {
  return `<section><h2>Account</h2><dl>
    <dt>Name</dt><dd>${text(account.name)}</dd>
    <dt>Email</dt><dd>${text(account.email)}</dd>
    <dt>Roles</dt><dd>${text(userRoleLabels(account).join(', ') || 'None')}</dd>
    <dt>Time zone</dt><dd>${text(account.timeZone ?? '')}</dd>
    ${account.profileEducator ? `<dt>Bio</dt><dd>${text(account.profileEducator.bio)}</dd>` : ''}
  </dl></section>`
}

async function* recordSection(source: RecordSource): AsyncGenerator<string> {
  const record = await source.record()
  yield `<section><h2>${text(record.name)}${record.archived ? ' (archived)' : ''}</h2>\n    `
  yield* table(
    'SAT scores',
    ['Date', 'Reading and Writing', 'Math', 'Total'],
    record.satScoresHistorical.map((score) => [
      date(score.date),
      text(score.english),
      text(score.math),
      text(score.cumulative),
    ]),
    'No SAT scores.',
  )
  yield '\n    '
  yield* table(
    'ACT scores',
    ['Date', 'English', 'Math', 'Reading', 'Science', 'Composite'],
    record.actScoresHistorical.map((score) => [
      date(score.date),
      text(score.english),
      text(score.math),
      text(score.reading),
      text(score.science),
      text(score.cumulative),
    ]),
    'No ACT scores.',
  )
  yield '\n    '
  yield* table(
    'Documents',
    ['Name', 'Link', 'Added by', 'Added'],
    record.documents.map((document) => [
      text(document.name),
      text(document.url),
      text(document.creator.name),
      when(document.createdAt),
    ]),
    'No documents.',
  )
  yield '\n    '
  yield* table(
    'Team',
    ['Name', 'Roles'],
    record.team.map((member) => [text(member.name), text(userRoleLabels(member).join(', '))]),
    'No team members.',
  )
  yield '\n    '
  yield* table(
    'Family',
    ['Name', 'Relationship'],
    record.guardians.map((guardian) => [text(guardian.name), text(guardian.relationship)]),
    'No guardians linked.',
  )
  yield '\n    '
  yield* table(
    'Tasks',
    ['Task', 'Due', 'Assignee', 'Status'],
    mapEach(source.tasks(), (task) => [
      text(task.title),
      date(task.dueDate),
      text(task.assignee.name),
      task.status === 'done' ? 'Done' : 'To do',
    ]),
    'No tasks.',
  )
  yield '\n    '
  yield* table(
    'College list',
    ['College', 'Round', 'Deadline', 'Status', 'Cost of attendance', 'Aid offered', 'Net cost'],
    (await source.colleges()).map((entry) => [
      text(entry.name),
      text(ROUND_LABELS[entry.round]),
      date(entry.deadline),
      text(STATUS_LABELS[entry.status]),
      dollars(entry.costOfAttendance),
      dollars(entry.aidOffered),
      dollars(entry.netCost),
    ]),
    'No colleges.',
  )
  yield '\n    '
  yield* tutoringSessionsTable(source.tutoringSessions())
  yield '\n    '
  yield* hoursTables(await source.hours())
  yield '\n    '
  yield* practiceAttemptsTable(source.practiceAttempts())
  yield '\n    <h3>Session notes</h3>'
  let noNotes = true
  for await (const note of source.notes()) {
    noNotes = false
    yield `<article class="note"><h4>${date(note.date)} · ${text(note.author.name)}${
      note.visibility === 'internal' ? ' · internal' : ''
    }</h4>${renderMarkdown(note.body)}</article>`
  }
  if (noNotes) yield '<p class="muted">No session notes.</p>'
  yield '\n    <h3>Messages</h3>'
  let noMessages = true
  for await (const message of source.messages()) {
    noMessages = false
    yield `<article class="note"><h4>${message.kind === 'staff' ? 'Staff' : 'Family'} · ${when(message.createdAt)} · ${text(
      message.author.name,
    )}</h4>${message.deleted ? `<p class="muted">${text(MESSAGE_DELETED_TEXT)}</p>` : renderMarkdown(message.body)}</article>`
  }
  if (noMessages) yield '<p class="muted">No messages.</p>'
  yield '\n  </section>'
}

/** `onRecord`: one student's record, whose name the lines need not repeat (as in its History section). */
async function* historySection(
  title: string,
  events: AsyncIterable<AuditEvent>,
  onRecord = false,
): AsyncGenerator<string> {
  yield '<section>'
  yield* table(
    title,
    ['When', 'What happened'],
    mapEach(events, (event) => [when(event.createdAt), text(auditSentence(event, { onRecord }))]),
    'Nothing recorded.',
  )
  yield '</section>'
}

async function* page(title: string, exportedAt: string, body: AsyncIterable<string>): AsyncGenerator<string> {
  yield `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${text(title)}</title>
<style>
body{font:16px/1.5 system-ui,sans-serif;color:#1f2937;max-width:60rem;margin:2rem auto;padding:0 1rem}
h1{font-size:1.6rem}h2{font-size:1.3rem;margin-top:2rem;border-bottom:1px solid #d1d5db}
table{border-collapse:collapse;width:100%;margin:1rem 0}caption{text-align:left;font-weight:600;padding:.25rem 0}
th,td{border:1px solid #d1d5db;padding:.3rem .5rem;text-align:left;vertical-align:top;overflow-wrap:anywhere}
th{overflow-wrap:normal}
@media (max-width:40rem){table,tbody,tr,td{display:block}thead{display:none}caption{display:block}
tr{border:1px solid #d1d5db;margin-bottom:.5rem}td{border:0}
td::before{content:attr(data-label);display:block;font-size:.85rem;font-weight:600;color:#4b5563}}
dl{display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem}dt{font-weight:600}dd{margin:0}
.muted{color:#4b5563}.note{border-left:3px solid #d1d5db;padding-left:.75rem;margin:1rem 0}
</style></head>
<body><h1>${text(title)}</h1><p class="muted">${text(BRAND.name)} · exported ${when(exportedAt)}</p>
`
  yield* body
  yield '</body></html>'
}

export function studentExportHtml(source: StudentExportSource): AsyncGenerator<string> {
  return page(
    `Student record: ${source.account.name}`,
    source.exportedAt,
    (async function* () {
      yield accountSection(source.account)
      yield* recordSection(source.student)
      yield* historySection('History', source.history(), true)
    })(),
  )
}

export function personalExportHtml(source: PersonalExportSource): AsyncGenerator<string> {
  return page(
    `Your data: ${source.account.name}`,
    source.exportedAt,
    (async function* () {
      yield accountSection(source.account)
      yield '<section>'
      yield* table(
        'Signed-in devices',
        ['Signed in', 'Last seen', 'Device', 'Address'],
        source.sessions.map((session) => [
          when(session.createdAt),
          when(session.lastSeenAt),
          text(deviceName(session.userAgent)),
          text(session.ipAddress ?? 'Unknown'),
        ]),
        'No active sessions.',
      )
      yield '</section>'
      for (const record of source.records) yield* recordSection(record)
      yield* historySection('What you changed', source.activity())
    })(),
  )
}
