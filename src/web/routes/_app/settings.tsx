import { createFileRoute } from '@tanstack/react-router'
import { PageHeader } from '../../components/layout/page-header'
import { useCurrentUser } from '../../features/auth/api/get-current-user'
import { EmailPreferences, receivesNoteEmails } from './-components/email-preferences'
import { PasswordForm } from './-components/password-form'
import { ProfileForm } from './-components/profile-form'

export const Route = createFileRoute('/_app/settings')({
  component: SettingsPage,
})

function SettingsPage() {
  const user = useCurrentUser()
  return (
    <>
      <PageHeader
        title="Settings"
        description={`Your name${user.profileEducator != null ? ', bio' : ''}${receivesNoteEmails(user) ? ', email notices' : ''} and password.`}
      />
      <div className="flex flex-col gap-6">
        <ProfileForm user={user} />
        {receivesNoteEmails(user) ? <EmailPreferences user={user} /> : null}
        <PasswordForm />
      </div>
    </>
  )
}
