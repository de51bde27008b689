import { BRAND } from '../../shared/brand'
import { formatPlainDate } from '../../shared/dates'
import { TASK_EMAILS_LABEL } from '../../shared/users'
import type { MailMessage } from './mailer'
import { quoteLines } from './quote'

/** How much of a task's details an email quotes. */
const DETAILS_QUOTED = 300

/** What a task email says about the task, from the row its sender read. */
export interface TaskMailFacts {
  title: string
  details: string | null
  due_date: string | null
  student_id: string
  student_name: string
  assignee_id: string
  created_by_id: string
  created_by_name: string
}

export interface TaskMailLinks {
  /** Where to act on it: the plan, or a practice test's answer sheet. */
  open: string
  settings: string
}

/** "your plan" to the student, "Maya Chen's plan" to a staff member. */
const whosePlan = (task: TaskMailFacts) =>
  task.assignee_id === task.student_id ? 'your plan' : `${task.student_name}'s plan`

/** The task's title, any lines in between, then the first of its details, quoted as typed. */
function taskLines(task: TaskMailFacts, between: string[] = []): string[] {
  const details = task.details?.trim()
  return ['', `  ${task.title}`, ...between, ...(details ? ['', ...quoteLines(details, DETAILS_QUOTED)] : [])]
}

/** The end every task email shares: where to open it, and the setting that stops these emails. */
function footer(openWords: string, links: TaskMailLinks): string[] {
  return [
    '',
    openWords,
    links.open,
    '',
    `To stop these emails, turn off "${TASK_EMAILS_LABEL}" at ${links.settings}`,
    '',
    `${BRAND.name}`,
  ]
}

/**
 * The day before a task is due, to its assignee: the task, who added it, the first of its
 * details, a link to the plan and the setting that stops these emails.
 */
export function taskReminderMail(
  to: string,
  task: TaskMailFacts & { due_date: string },
  links: TaskMailLinks,
): MailMessage {
  const addedBy =
    task.created_by_id !== task.assignee_id && task.created_by_name
      ? ['', `Added by ${task.created_by_name}.`]
      : []
  return {
    to,
    subject: `Due tomorrow: ${task.title}`,
    text: [
      `This task on ${whosePlan(task)} is due tomorrow, ${formatPlainDate(task.due_date)}:`,
      ...taskLines(task, addedBy),
      ...footer('See it on the plan:', links),
    ].join('\n'),
  }
}

/**
 * Someone gave a task to someone else (a new task, a reassignment, or a practice test assigned):
 * to the new assignee, once, right after the write. It says who, on whose plan, when it is due,
 * and links to where it is done: a practice test's answer sheet for the student, else the plan.
 */
export function taskAssignedMail(
  to: string,
  task: TaskMailFacts & { practice: boolean },
  links: TaskMailLinks,
): MailMessage {
  const what = task.practice ? 'a practice test' : 'a task'
  const due = task.due_date ? `It is due ${formatPlainDate(task.due_date)}.` : 'It has no due date.'
  return {
    to,
    subject: `${task.practice ? 'Practice test' : 'New task'}: ${task.title}`,
    text: [
      `${task.created_by_name} gave you ${what} on ${whosePlan(task)}:`,
      ...taskLines(task),
      '',
      due,
      ...footer(task.practice ? 'Open it here:' : 'See it on the plan:', links),
    ].join('\n'),
  }
}
