import { createFileRoute } from '@tanstack/react-router'
import { useState } from 'react'
import { PageHeader } from '../../components/layout/page-header'
import { currentUserQueryOptions, useCurrentUser } from '../../features/auth/api/get-current-user'
import { PasswordForm } from '../../features/auth/components/password-form'
import { TwoFactorSettings } from '../../features/auth/components/two-factor-settings'
import { studentProfileQueryOptions } from '../../features/profile/api/student-profile'
import { StudentProfileForm } from '../../features/profile/components/student-profile-form'
import { EmailPreferences, receivesNoteEmails } from '../../features/settings/components/email-preferences'
import { MessageEmail } from '../../features/settings/components/message-email'
import { MySessions } from '../../features/settings/components/my-sessions'
import { PlanSettings } from '../../features/settings/components/plan-settings'
import { ProfileForm } from '../../features/settings/components/profile-form'
import { YourData } from '../../features/settings/components/your-data'

export const Route = createFileRoute('/_app/settings')({
  loader: async ({ context }) => {
    // A student's own profile (school and tests) is part of the page.
    const user = await context.queryClient.ensureQueryData(currentUserQueryOptions())
    if (user?.profileStudent) await context.queryClient.ensureQueryData(studentProfileQueryOptions(user.uuid))
  },
  component: SettingsPage,
})

function SettingsPage() {
  const user = useCurrentUser()
  // Fixed at first render, so the section does not move (and lose its backup codes) once set up.
  const [twoFactorFirst] = useState(user.twoFactorRequired === true)
  return (
    <>
      <PageHeader
        title="Settings"
        description={`Your name${user.profileEducator != null ? ', bio' : ''}${user.profileStudent != null ? ', school and tests' : ''}${receivesNoteEmails(user) ? ', email notices' : ''}, message emails, reminders and calendar, password, two-factor, devices and a copy of your data.`}
      />
      <div className="flex flex-col gap-6">
        {/* Staff sent here to set up two-factor see it first. */}
        {twoFactorFirst ? <TwoFactorSettings user={user} /> : null}
        <ProfileForm user={user} />
        {user.profileStudent ? (
          <StudentProfileForm
            studentUuid={user.uuid}
            intro="Your class year, school and the test dates you plan: your team sees them on your record."
          />
        ) : null}
        {receivesNoteEmails(user) ? <EmailPreferences user={user} /> : null}
        <MessageEmail user={user} />
        <PlanSettings user={user} />
        <PasswordForm />
        {twoFactorFirst ? null : <TwoFactorSettings user={user} />}
        <MySessions />
        <YourData twoFactorFirst={user.twoFactorRequired === true} />
      </div>
    </>
  )
}
