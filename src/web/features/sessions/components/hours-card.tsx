import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { formatPlainDate } from '../../../../shared/dates'
import type { HourPackage, Hours } from '../../../../shared/hours'
import { SERVICE_LABELS } from '../../../../shared/tutoring'
import { Alert } from '../../../components/ui/alert'
import { FileDownload } from '../../../components/ui/file-download'
import { lazyDialog } from '../../../components/ui/lazy-dialog'
import { ListSkeleton } from '../../../components/ui/skeleton'
import { errorMessage } from '../../../lib/api-client'
import { hoursWords } from '../../../lib/session-time'
import { hoursCsvHref, hoursQueryOptions } from '../api/hours'

const AdjustHoursDialog = lazyDialog(() =>
  import('./hours-dialogs').then((module) => module.AdjustHoursDialog),
)
const PackageDialog = lazyDialog(() => import('./hours-dialogs').then((module) => module.PackageDialog))

/** "12.5 of 20 hours left, expires Mar 1, 2027". */
export function packageWords(pkg: HourPackage): string {
  const left = `${Number(pkg.hoursLeft.toFixed(2))} of ${hoursWords(pkg.hours)} left`
  return pkg.expiresOn ? `${left}, expires ${formatPlainDate(pkg.expiresOn)}` : left
}

const serviceWords = (pkg: HourPackage) =>
  pkg.service === 'any' ? 'Any service' : SERVICE_LABELS[pkg.service]

/** The hours the family bought and what is left: staff, the student and guardians read it; admins add. */
export function HoursCard({
  studentUuid,
  studentName,
  manage,
}: {
  studentUuid: string
  studentName: string
  manage: boolean
}) {
  const hours = useQuery(hoursQueryOptions(studentUuid))
  const [dialog, setDialog] = useState<'package' | 'adjust' | null>(null)
  return (
    <div className="flex flex-col gap-3 rounded-lg border border-line bg-surface-warm p-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h3 id="hours-heading" className="text-lg font-semibold">
          Hours
        </h3>
        {manage ? (
          <div className="flex flex-wrap gap-2">
            <button
              type="button"
              className="btn btn-secondary btn-small"
              onClick={() => setDialog('package')}
            >
              Add a package
            </button>
            <button type="button" className="btn btn-secondary btn-small" onClick={() => setDialog('adjust')}>
              Adjust hours
            </button>
          </div>
        ) : null}
      </div>
      {hours.isPending ? (
        <ListSkeleton label="Loading hours…" rows={['h-6 w-48', 'h-5 w-64']} />
      ) : hours.isError ? (
        <Alert tone="danger">The hours could not be loaded: {errorMessage(hours.error)}</Alert>
      ) : (
        <HoursBody hours={hours.data} studentUuid={studentUuid} studentName={studentName} />
      )}
      {manage ? (
        <>
          <PackageDialog
            studentUuid={studentUuid}
            open={dialog === 'package'}
            onClose={() => setDialog(null)}
          />
          <AdjustHoursDialog
            studentUuid={studentUuid}
            packages={hours.data?.packages ?? []}
            open={dialog === 'adjust'}
            onClose={() => setDialog(null)}
          />
        </>
      ) : null}
    </div>
  )
}

function HoursBody({
  hours,
  studentUuid,
  studentName,
}: {
  hours: Hours
  studentUuid: string
  studentName: string
}) {
  const low = hours.packages.length > 0 && hours.balance < hours.lowBalanceHours
  if (hours.packages.length === 0 && hours.entries.length === 0) {
    return (
      <p className="text-ink-muted">
        No hours recorded for {studentName || 'this student'} yet. An admin adds a package when the family
        buys hours; each attended, no-show or late-cancelled session then draws its time from it.
      </p>
    )
  }
  return (
    <>
      <p className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <span className="text-2xl font-bold tabular-nums" data-testid="hours-balance">
          {hoursWords(hours.balance)} left
        </span>
        {low ? (
          <span className="rounded bg-warning-soft px-1.5 text-sm font-semibold text-warning">
            Under {hoursWords(hours.lowBalanceHours)}
          </span>
        ) : null}
        {hours.scheduledAhead > 0 ? (
          <span className="text-sm text-ink-muted">{hoursWords(hours.scheduledAhead)} scheduled ahead</span>
        ) : null}
      </p>
      {hours.packages.length > 0 ? (
        <ul className="flex flex-col divide-y divide-line">
          {hours.packages.map((pkg) => (
            <li key={pkg.uuid} className="flex flex-col gap-0.5 py-2 sm:flex-row sm:justify-between sm:gap-4">
              <span className="font-medium break-words">
                {pkg.name} <span className="text-sm font-normal text-ink-muted">· {serviceWords(pkg)}</span>
              </span>
              <span className="text-sm text-ink-muted">{packageWords(pkg)}</span>
            </li>
          ))}
        </ul>
      ) : null}
      <div>
        <FileDownload href={hoursCsvHref(studentUuid)}>Download the statement (spreadsheet)</FileDownload>
      </div>
    </>
  )
}
