import { formatPlainDate } from '../../../../shared/dates'

/** A newest score: the total (SAT) or composite (ACT) and its calendar date, or "None yet". */
export function LatestScore({ score }: { score: { date: string; cumulative: number } | null }) {
  if (!score) return <span className="text-ink-muted">None yet</span>
  return (
    <span>
      <span className="font-semibold tabular-nums">{score.cumulative}</span>{' '}
      <span className="text-sm text-ink-muted">({formatPlainDate(score.date)})</span>
    </span>
  )
}
