import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { type ReactNode, useId } from 'react'
import { BRAND } from '../../../../shared/brand'
import type { StudentRef } from '../../../../shared/students'
import type { CurrentUser } from '../../../../shared/users'
import { LogOutButton } from '../../../components/layout/log-out-button'
import { RoleBadges } from '../../../components/ui/role-badges'
import { Skeleton } from '../../../components/ui/skeleton'
import { adminOverviewQueryOptions } from '../../../features/admin/api/get-admin-overview'
import { educatorStudentsQueryOptions } from '../../../features/educators/api/get-educator-students'
import { UnreadBadge, unreadWords, useUnreadTotal } from '../../../features/messages/components/unread'
import { weekQueryOptions } from '../../../features/students/api/get-week'

const linkClass =
  'flex min-h-11 items-center rounded-lg px-3 py-2 font-medium text-ink no-underline hover:bg-surface-sunken data-[status=active]:bg-primary-soft data-[status=active]:text-primary-hover'

/**
 * The sidebar of docs/product.md#screens-and-navigation: My Dashboard; Schedule and Skills
 * (educators and admins); Admin (admins); My Students (educators); and My Family for parents and guardians.
 */
export function Sidebar({ user, onNavigate }: { user: CurrentUser; onNavigate?: () => void }) {
  return (
    <div className="flex h-full flex-col gap-6 p-4">
      <Link
        to="/dashboard"
        onClick={onNavigate}
        className="flex min-h-11 items-center gap-2 px-3 text-lg font-bold text-ink no-underline"
      >
        <img src="/favicon.svg" alt="" width={28} height={28} />
        {BRAND.name}
      </Link>
      <div className="flex flex-col gap-2 rounded-lg border border-line bg-surface-warm px-3 py-3">
        <p className="font-semibold break-words text-ink">{user.name || user.email}</p>
        <RoleBadges user={user} />
        {/* Outside the main navigation, which stays exactly as docs/product.md#screens-and-navigation has it. */}
        <Link
          to="/settings"
          onClick={onNavigate}
          className="-mx-1 inline-flex min-h-11 items-center self-start rounded px-1 text-sm font-medium data-[status=active]:text-primary-hover"
        >
          Settings
        </Link>
      </div>
      <nav aria-label="Main" className="flex flex-1 flex-col gap-6">
        <ul className="flex flex-col gap-1">
          <li>
            <DashboardLink user={user} onNavigate={onNavigate} />
          </li>
          {(user.profileEducator != null || user.profileAdmin != null) && !user.twoFactorRequired ? (
            <li>
              <Link to="/schedule" className={linkClass} onClick={onNavigate}>
                Schedule
              </Link>
            </li>
          ) : null}
          {(user.profileEducator != null || user.profileAdmin != null) && !user.twoFactorRequired ? (
            <li>
              <Link to="/skills" className={linkClass} onClick={onNavigate}>
                Skills
              </Link>
            </li>
          ) : null}
        </ul>
        {/* Until required two-factor is set up, the rest of the workspace is closed (and not fetched). */}
        {user.profileAdmin != null && !user.twoFactorRequired ? (
          <NavGroup title="Admin">
            <li>
              <OverviewLink onNavigate={onNavigate} />
            </li>
            <li>
              <Link to="/admin/students" className={linkClass} onClick={onNavigate}>
                Manage Students
              </Link>
            </li>
            <li>
              <Link to="/admin/users" className={linkClass} onClick={onNavigate}>
                Manage Users
              </Link>
            </li>
            <li>
              <Link to="/admin/practice-tests" className={linkClass} onClick={onNavigate}>
                Practice tests
              </Link>
            </li>
          </NavGroup>
        ) : null}
        {user.profileEducator != null && !user.twoFactorRequired ? (
          <EducatorStudents user={user} onNavigate={onNavigate} />
        ) : null}
        {user.profileGuardian != null ? <FamilyStudents onNavigate={onNavigate} /> : null}
        <div className="mt-auto border-t border-line pt-4">
          <LogOutButton className="btn btn-secondary w-full" />
        </div>
      </nav>
    </div>
  )
}

/** My Dashboard, with the unread messages it lists: a badge to see, and part of the link's name. */
function DashboardLink({ user, onNavigate }: { user: CurrentUser; onNavigate?: (() => void) | undefined }) {
  const unread = useUnreadTotal(user)
  return (
    <Link
      to="/dashboard"
      className={linkClass}
      onClick={onNavigate}
      aria-label={unread > 0 ? `My Dashboard, ${unreadWords(unread)}` : undefined}
    >
      My Dashboard
      {unread > 0 ? ' ' : null}
      <UnreadBadge total={unread} />
    </Link>
  )
}

/**
 * The overview's link, with the count of contact requests waiting for a reply: a badge to see,
 * and part of the link's name to hear ("Overview, 3 open inquiries").
 */
function OverviewLink({ onNavigate }: { onNavigate?: (() => void) | undefined }) {
  const overview = useQuery(adminOverviewQueryOptions())
  const open = overview.data?.counts.openInquiries ?? 0
  return (
    <Link
      to="/admin"
      activeOptions={{ exact: true }}
      className={linkClass}
      onClick={onNavigate}
      aria-label={open > 0 ? `Overview, ${open} open ${open === 1 ? 'inquiry' : 'inquiries'}` : undefined}
    >
      Overview
      {/* The space keeps the visible text "Overview 3", which the name starts with. */}
      {open > 0 ? ' ' : null}
      {open > 0 ? (
        <span className="ml-auto rounded-full bg-accent-soft px-2 py-0.5 text-xs font-semibold tabular-nums text-accent-ink">
          {open}
        </span>
      ) : null}
    </Link>
  )
}

function NavGroup({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId()
  return (
    // biome-ignore lint/a11y/useSemanticElements: a fieldset is for form controls; this groups links
    <div role="group" aria-labelledby={headingId} className="flex flex-col gap-1">
      <h2 id={headingId} className="px-3 text-xs font-semibold tracking-wider text-ink-muted uppercase">
        {title}
      </h2>
      <ul className="flex flex-col gap-1">{children}</ul>
    </div>
  )
}

type NavigateHandler = (() => void) | undefined

function EducatorStudents({ user, onNavigate }: { user: CurrentUser; onNavigate: NavigateHandler }) {
  const students = useQuery(educatorStudentsQueryOptions(user.uuid))
  return (
    <StudentLinks
      title="My Students"
      pending={students.isPending}
      students={students.data?.students ?? []}
      onNavigate={onNavigate}
    />
  )
}

/**
 * A parent's or guardian's students, from the week's family block: the dashboard they land on
 * reads the same query, so the page and the sidebar make one request between them.
 */
function FamilyStudents({ onNavigate }: { onNavigate: NavigateHandler }) {
  const screen = useQuery(weekQueryOptions())
  const students = (screen.data?.guardian?.children ?? []).map((child) => child.student)
  return (
    <StudentLinks title="My Family" pending={screen.isPending} students={students} onNavigate={onNavigate} />
  )
}

function StudentLinks({
  title,
  pending,
  students,
  onNavigate,
}: {
  title: string
  pending: boolean
  students: StudentRef[]
  onNavigate: NavigateHandler
}) {
  return (
    <NavGroup title={title}>
      {pending ? (
        <li aria-hidden="true" className="flex flex-col gap-2 px-3 py-1">
          <Skeleton className="h-5 w-40" />
          <Skeleton className="h-5 w-32" />
        </li>
      ) : students.length === 0 ? (
        // Any failure reads as an empty list here: navigation must never crash (the page says more).
        <li className="px-3 py-2 text-sm text-ink-muted">No students yet.</li>
      ) : (
        students.map((student) => (
          <li key={student.uuid}>
            <Link
              to="/students/$uuid"
              params={{ uuid: student.uuid }}
              className={linkClass}
              onClick={onNavigate}
            >
              {student.name}
            </Link>
          </li>
        ))
      )}
    </NavGroup>
  )
}
