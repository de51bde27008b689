import { expect, logInByApi, test, waitForMail } from './support/fixtures'
import {
  addToTeam,
  adminApi,
  createGuardian,
  createPerson,
  section,
  uniqueToken,
  visitAs,
} from './support/people'
import { ADMIN_EMAIL, ADMIN_NAME, adminPassword } from './support/state'

const PHONE = { width: 390, height: 844 }
const WIDE = { width: 1280, height: 800 }

test('an admin sees guardians with their students, invites a guardian by name from the top of Manage Users, and /students says what it is for', async ({
  page,
  newVisitor,
  expectAccessible,
}) => {
  const token = uniqueToken()
  const admin = await adminApi()
  const student = await createPerson(admin, 'student', `Sasha Reyes ${token}`)
  const educator = await createPerson(admin, 'educator', `Eli Coach ${token}`)
  await addToTeam(admin, student, educator)
  const guardian = await createGuardian(admin, student, `Gale Reyes ${token}`, 'Mother')
  await admin.dispose()

  await page.setViewportSize(PHONE)
  await logInByApi(page.request, ADMIN_EMAIL, adminPassword())
  await page.goto('/admin/users')
  const users = section(page, 'Users')
  await users.getByRole('searchbox', { name: 'Search by name or email' }).fill(guardian.email)
  const row = users.getByRole('row').filter({ hasText: guardian.email })
  await expect(row.getByRole('list', { name: `Roles of ${guardian.name}` })).toHaveText('Guardian')
  await expect(row).toContainText(`Guardian of ${student.name} (Mother)`)
  await expect(row.getByRole('link', { name: student.name })).toHaveAttribute(
    'href',
    `/students/${student.uuid}`,
  )
  await expectAccessible()

  // The Manage dialog names the children; deleting says which links go with the account.
  await row.getByRole('button', { name: `Manage ${guardian.name}` }).click()
  const manage = page.getByRole('dialog', { name: `Manage ${guardian.name}` })
  await expect(manage.getByRole('link', { name: student.name })).toBeVisible()
  // A guardian of a student is never a student: the box is locked, and the dialog says why.
  const studentRole = manage.getByRole('checkbox', { name: /^Student/ })
  await expect(studentRole).toBeDisabled()
  await expect(studentRole).toHaveAccessibleDescription(/cannot also be a student/)
  await expectAccessible()
  await manage.getByRole('button', { name: 'Delete user…' }).click()
  const deleting = page.getByRole('alertdialog', { name: `Delete ${guardian.name}?` })
  await expect(deleting).toContainText(`As a guardian, they are linked to ${student.name} (Mother)`)
  await deleting.getByRole('button', { name: 'Cancel' }).click()

  // "Invite someone" is the page's first action: a guardian of a student, by name.
  await page.setViewportSize(WIDE)
  await page.getByRole('button', { name: 'Invite someone' }).click()
  const invite = page.getByRole('dialog', { name: 'Invite someone' })
  await invite.getByRole('radio', { name: /A parent or guardian/ }).check()
  await invite.getByRole('button', { name: 'Invite guardian' }).click()
  await expect(invite.getByText('Choose the student they are a parent or guardian of.')).toBeVisible()
  await expectAccessible()
  const email = `finn.reyes.${token}@crestline.test`
  await invite.getByRole('combobox', { name: 'Student' }).selectOption({ label: student.name })
  await invite.getByRole('textbox', { name: 'Relationship' }).fill('Father')
  await invite.getByRole('textbox', { name: 'Name (optional)' }).fill(`Finn Reyes ${token}`)
  await invite.getByRole('textbox', { name: 'Email' }).fill(email)
  await invite.getByRole('button', { name: 'Invite guardian' }).click()
  await expect(invite.getByRole('status')).toContainText(`Invite emailed to ${email}.`)
  await expect(invite.getByRole('status')).toBeInViewport()
  const mail = await waitForMail(email, /login\?invite=/)
  expect(mail).toContain(`${ADMIN_NAME} invited you`)
  expect(mail).toContain(`Hello Finn Reyes ${token},`)
  await invite.getByRole('button', { name: 'Done' }).click()
  const listed = section(page, 'Invites').getByRole('row').filter({ hasText: email })
  await expect(listed).toContainText(`Finn Reyes ${token}`)
  await expect(listed).toContainText(`Guardian of ${student.name} (Father)`)
  await expectAccessible()

  // /students: admins are pointed to Manage Students; staff find theirs with the latest scores.
  await page.goto('/students')
  await expect(page.getByRole('main').getByRole('link', { name: 'Manage Students' })).toBeVisible()
  await page.getByRole('searchbox', { name: 'Search by name' }).fill(token)
  await expect(page.getByRole('main').getByRole('link', { name: student.name })).toBeVisible()
  await expectAccessible()
  const coach = await visitAs(newVisitor, educator)
  await coach.setViewportSize(PHONE)
  await coach.goto('/students')
  const mine = coach.getByRole('row', { name: new RegExp(student.name) })
  await expect(mine).toContainText('None yet')
  await coach.getByRole('searchbox', { name: 'Search by name' }).fill('nobody by this name')
  await expect(
    coach.getByRole('status').filter({ hasText: 'No student’s name matches “nobody by this name”.' }),
  ).toBeVisible()
  await expectAccessible(coach)
})
