import { createFileRoute, Link } from '@tanstack/react-router'
import { PageHeader } from '../../components/layout/page-header'

export const Route = createFileRoute('/_app/admin/')({
  component: AdminOverview,
})

const SECTIONS = [
  { to: '/admin/students', title: 'Manage Students', text: 'Active and archived students, and their teams.' },
  { to: '/admin/users', title: 'Manage Users', text: 'Invite people, and change who holds which role.' },
  { to: '/admin/inquiries', title: 'Inquiries', text: 'Messages from the contact form on the public site.' },
] as const

function AdminOverview() {
  return (
    <>
      <PageHeader title="Admin" description="Students, users, invites and contact requests." />
      <ul className="grid gap-4 md:grid-cols-3">
        {SECTIONS.map((section) => (
          <li key={section.to} className="card p-5">
            <h2 className="text-lg font-semibold">
              <Link to={section.to}>{section.title}</Link>
            </h2>
            <p className="mt-1 text-ink-muted">{section.text}</p>
          </li>
        ))}
      </ul>
    </>
  )
}
