import { useLogOut } from '../../features/auth/api/use-log-out'
import { SpinnerIcon } from '../ui/icons'

export function LogOutButton({ className = 'btn btn-secondary' }: { className?: string }) {
  const { logOut, pending } = useLogOut()
  return (
    <button type="button" className={className} onClick={logOut} disabled={pending}>
      {pending ? <SpinnerIcon className="size-4" /> : null}
      {pending ? 'Logging out…' : 'Log out'}
    </button>
  )
}
