import { expect, test, waitForMail } from './support/fixtures'
import { addToTeam, adminApi, apiAs, createPerson, type Person, section, visitAs } from './support/people'

let student: Person
let educator: Person

test.describe.configure({ timeout: 90_000 })

test.beforeAll(async () => {
  const admin = await adminApi()
  student = await createPerson(admin, 'student', 'Quinn Student')
  educator = await createPerson(admin, 'educator', 'Nia Educator')
  await addToTeam(admin, student, educator)
  await admin.dispose()
})

test("open invites stay on the record's Family card after a reload, to resend or withdraw there", async ({
  newVisitor,
  expectAccessible,
}) => {
  const stamp = Date.now().toString(36)
  const keep = `keep.${stamp}@crestline.test`
  const drop = `drop.${stamp}@crestline.test`
  const api = await apiAs(educator)
  for (const [email, relationship, name] of [
    [keep, 'Father', 'Omar Student'],
    [drop, 'Aunt', ''],
  ]) {
    const response = await api.post(`/api/v1/students/${student.uuid}/guardian-invites`, {
      data: { email, relationship, name },
    })
    expect(response.status(), await response.text()).toBe(201)
  }
  await api.dispose()
  await waitForMail(keep, /login\?invite=/)

  const page = await visitAs(newVisitor, educator)
  await page.goto(`/students/${student.uuid}?section=family`)
  await page.reload()
  const family = section(page, 'Family')
  const waiting = family.getByRole('list', { name: 'Invites waiting for an answer' })
  await expect(waiting.getByRole('listitem')).toHaveCount(2)
  await expect(waiting.getByRole('listitem').first()).toContainText(drop)
  await expect(waiting.getByRole('listitem').first()).toContainText('Aunt')
  await expect(waiting.getByRole('listitem').last()).toContainText(keep)
  await expect(waiting.getByRole('listitem').last()).toContainText('Omar Student')
  await expectAccessible(page)

  await waiting.getByRole('button', { name: `Resend for ${keep}` }).click()
  await expect(page.getByText(`Invite emailed again to ${keep}`)).toBeVisible()

  await waiting.getByRole('button', { name: `Withdraw for ${drop}` }).click()
  const confirm = page.getByRole('alertdialog', { name: `Withdraw the invite to ${drop}?` })
  await expect(confirm).toContainText('The link stops working at once.')
  await confirm.getByRole('button', { name: 'Withdraw invite' }).click()
  await expect(confirm).toHaveCount(0)
  await expect(waiting.getByRole('listitem')).toHaveCount(1)

  await page.reload()
  await expect(waiting.getByRole('listitem')).toHaveCount(1)
  await expect(waiting).toContainText(keep)
  await expect(waiting).not.toContainText(drop)

  // The family never sees the addresses invited.
  const home = await visitAs(newVisitor, student)
  await home.goto(`/students/${student.uuid}?section=family`)
  await expect(home.getByRole('heading', { level: 1, name: student.name })).toBeVisible()
  await expect(section(home, 'Family')).not.toContainText(keep)
})
