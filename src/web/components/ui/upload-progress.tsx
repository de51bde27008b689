import { useId } from 'react'

/** A file upload's progress bar, named "Uploading… N%" (`progress` from 0 to 1); nothing when null. */
export function UploadProgress({ progress }: { progress: number | null }) {
  const id = useId()
  if (progress === null) return null
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm text-ink-muted">
        Uploading… {Math.round(progress * 100)}%
      </label>
      <progress id={id} className="h-2 w-full accent-primary" value={progress} max={1} />
    </div>
  )
}
