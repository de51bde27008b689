import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { ALL_EDUCATORS } from '../../../shared/practice-skills'
import { todayIn } from '../../../shared/tasks'
import type { CurrentUser } from '../../../shared/users'
import { AdminsOnlyNotice } from '../../components/layout/admins-only-notice'
import { PageHeader } from '../../components/layout/page-header'
import { useCurrentUser } from '../../features/auth/api/get-current-user'
import { CaseloadSkillsTable } from '../../features/skills/components/caseload-skills'
import { viewerTimeZone } from '../../lib/plan-rules'
import { ISO_DATE, matching, UUID } from '../../lib/search-params'
import { EducatorPicker } from './-components/educator-picker'

/**
 * `?from=&to=` the dates (the last 90 days when left out), `?educator=` whose students (admins;
 * left out, every student's: all educators).
 */
const validateSearch = (
  search: Record<string, unknown>,
): { from?: string; to?: string; educator?: string } => ({
  from: matching(ISO_DATE, search.from),
  to: matching(ISO_DATE, search.to),
  educator: matching(UUID, search.educator),
})

export const Route = createFileRoute('/_app/skills')({
  validateSearch,
  component: SkillsPage,
})

const TITLE = 'Skills'
const isEducator = (user: CurrentUser) => user.profileEducator != null
const isAdmin = (user: CurrentUser) => user.profileAdmin != null

const daysBefore = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10)

/**
 * /skills: across an educator's students, the skills most missed on practice tests in a date
 * range. Educators see their own students; admins see every student's (all educators) or pick one
 * educator.
 */
function SkillsPage() {
  const viewer = useCurrentUser()
  if (!isEducator(viewer) && !isAdmin(viewer)) {
    return (
      <AdminsOnlyNotice
        title={TITLE}
        heading="For educators and admins"
        text="This page shows what an educator's students miss on practice tests. A student's own skills are on their record."
      />
    )
  }
  return <Skills viewer={viewer} />
}

function Skills({ viewer }: { viewer: CurrentUser }) {
  const search = Route.useSearch()
  const navigate = useNavigate({ from: '/skills' })
  const today = todayIn(viewerTimeZone(viewer))
  const to = search.to ?? today
  const from = search.from ?? daysBefore(to, 89)
  // An educator's own students; an admin's choice, every student's until they pick one.
  const educator = isAdmin(viewer) ? (search.educator ?? ALL_EDUCATORS) : viewer.uuid
  const setSearch = (next: Partial<typeof search>) =>
    navigate({ search: { ...search, ...next }, replace: true })
  return (
    <>
      <PageHeader
        title={TITLE}
        description={`What ${educator === ALL_EDUCATORS ? 'students across all educators' : educator === viewer.uuid ? 'your students' : 'an educator’s students'} miss most on practice tests, by skill.`}
      />
      <div className="mb-6 flex flex-wrap items-end gap-3">
        {isAdmin(viewer) ? (
          <EducatorPicker
            id="skills-educator"
            value={educator}
            allValue={ALL_EDUCATORS}
            onChange={(choice) => setSearch({ educator: choice === ALL_EDUCATORS ? undefined : choice })}
          />
        ) : null}
        <div className="flex flex-col gap-1.5">
          <label htmlFor="skills-from" className="font-medium">
            From
          </label>
          <input
            id="skills-from"
            type="date"
            className="field-input"
            value={from}
            max={to}
            onChange={(event) => event.target.value && setSearch({ from: event.target.value })}
          />
        </div>
        <div className="flex flex-col gap-1.5">
          <label htmlFor="skills-to" className="font-medium">
            To
          </label>
          <input
            id="skills-to"
            type="date"
            className="field-input"
            value={to}
            min={from}
            onChange={(event) => event.target.value && setSearch({ to: event.target.value })}
          />
        </div>
      </div>
      <section aria-labelledby="skills-heading" className="card flex min-w-0 flex-col gap-4 p-4 sm:p-6">
        <h2 id="skills-heading" className="text-xl font-semibold">
          Most missed skills
        </h2>
        <CaseloadSkillsTable educator={educator} from={from} to={to} />
      </section>
    </>
  )
}
