import { Modal } from '../../../components/ui/modal'
import { InviteForm } from './invite-form'

/** Manage Users' "Invite someone": the invite form in a dialog, closed with Done. */
export function InviteDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Modal open={open} onClose={onClose} title="Invite someone">
      <InviteForm />
      <div className="flex justify-end">
        <button type="button" className="btn btn-secondary" onClick={onClose}>
          Done
        </button>
      </div>
    </Modal>
  )
}
