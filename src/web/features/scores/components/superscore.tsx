import { type AnyScore, sectionsText, type TestInfo } from '../score-tests'

/** "Superscore 1380 (best of each section of official tests: …)": the record and the guardian's cards. */
export function Superscore({ test, superscore }: { test: TestInfo; superscore: { cumulative: number } }) {
  return (
    <p className="rounded-lg bg-primary-soft px-4 py-2.5 text-ink">
      <span className="font-semibold">
        {test.name} superscore {superscore.cumulative}
      </span>
      <span className="text-ink-muted">
        {' '}
        (best of each section of official tests: {sectionsText(test, superscore as AnyScore)})
      </span>
    </p>
  )
}
