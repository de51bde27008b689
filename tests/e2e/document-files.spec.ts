import { randomBytes } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { expect, test } from './support/fixtures'
import { addToTeam, adminApi, createPerson, type Person, section, visitAs } from './support/people'
import { shot } from './support/shots'

/** A student on a phone uploads a PDF and downloads the very same bytes; a disguised page is refused. */
let student: Person
let educator: Person

test.describe.configure({ mode: 'serial', timeout: 90_000 })

test.beforeAll(async () => {
  const admin = await adminApi()
  student = await createPerson(admin, 'student', 'Pia Phone')
  educator = await createPerson(admin, 'educator', 'Uma Uploads')
  await addToTeam(admin, student, educator)
  await admin.dispose()
})

const pdf = Buffer.concat([
  Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<< /Type /Catalog >>\nendobj\n', 'latin1'),
  randomBytes(300 * 1024),
  Buffer.from('\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n'),
])

test('on a 390 px screen, a student uploads a PDF and downloads it back byte for byte', async ({
  newVisitor,
  expectAccessible,
  consoleGuard,
}) => {
  const page = await visitAs(newVisitor, student)
  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto(`/students/${student.uuid}?section=documents`)
  const documents = section(page, 'Documents')
  await documents.getByRole('button', { name: 'Add document' }).click()
  const dialog = page.getByRole('dialog', { name: 'Add document' })
  await dialog.getByRole('radio', { name: 'File' }).check()
  const picker = dialog.locator('input[type=file]')
  await expect(picker).toHaveAttribute('accept', /image\/\*/)

  // A web page renamed .pdf is refused, and the reason shows under the file.
  consoleGuard.allow(/status of 415/)
  await picker.setInputFiles({
    name: 'essay.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('<html><body>hi</body></html>'),
  })
  await dialog.getByRole('button', { name: 'Upload file' }).click()
  await expect(dialog.getByText(/Web pages \(HTML, XML, SVG\) cannot be uploaded/)).toBeVisible()
  await expect(picker).toBeFocused()
  await expectAccessible(page)
  await shot(page, 'document-dialog-390', { fullPage: true })

  await picker.setInputFiles({ name: 'Common App essay.pdf', mimeType: 'application/pdf', buffer: pdf })
  await expect(dialog.getByText('300 KB')).toBeVisible()
  await dialog.getByRole('button', { name: 'Upload file' }).click()
  await expect(dialog).toBeHidden()
  const item = documents.getByRole('listitem').filter({ hasText: 'Common App essay.pdf' })
  await expect(item.getByText(/^PDF · 300 KB · Added by Pia Phone/)).toBeVisible()
  await expectAccessible(page)
  await shot(item, 'document-list-390')

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    item.getByRole('link', { name: /^Download 'Common App essay\.pdf'/ }).click(),
  ])
  expect(download.suggestedFilename()).toBe('Common App essay.pdf')
  const copy = await readFile((await download.path())!)
  expect(copy.equals(pdf)).toBe(true)
})

test('at 1280 px the educator sees the file with its type and size, and picks a file by keyboard and by dropping it', async ({
  newVisitor,
  expectAccessible,
}) => {
  const page = await visitAs(newVisitor, educator)
  await page.goto(`/students/${student.uuid}?section=documents`)
  const documents = section(page, 'Documents')
  await expect(documents.getByText(/^PDF · 300 KB · Added by Pia Phone/)).toBeVisible()
  await shot(documents, 'document-list-1280')
  await documents.getByRole('button', { name: 'Add document' }).click()
  const dialog = page.getByRole('dialog', { name: 'Add document' })
  await dialog.getByRole('radio', { name: 'File' }).check()
  await expect(dialog.getByRole('checkbox', { name: 'Hidden from the student' })).toBeVisible()
  await expectAccessible(page)
  await shot(page, 'document-dialog-1280')

  // The keyboard reaches the picker: Tab from the choice, then Enter opens the file chooser.
  await page.keyboard.press('Tab')
  const picker = dialog.locator('input[type=file]')
  await expect(picker).toBeFocused()
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.keyboard.press('Enter')])
  await chooser.setFiles({
    name: 'typed.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('Picked by keyboard\n'),
  })
  await expect(dialog.getByText('typed.txt')).toBeVisible()

  // A file dropped on the zone replaces it.
  await dialog.getByText('typed.txt').evaluate((zone) => {
    const data = new DataTransfer()
    data.items.add(new File(['Dropped text\n'], 'dropped notes.txt', { type: 'text/plain' }))
    zone
      .closest('label')!
      .dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }))
  })
  await expect(dialog.getByText('dropped notes.txt')).toBeVisible()
  await dialog.getByRole('button', { name: 'Upload file' }).click()
  await expect(dialog).toBeHidden()
  await expect(documents.getByText(/^Text · 13 bytes · Added by Uma Uploads/)).toBeVisible()
})

test('a slow upload shows its progress', async ({ newVisitor }) => {
  const page = await visitAs(newVisitor, educator)
  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto(`/students/${student.uuid}?section=documents`)
  // The answer waits until the bar has been seen and photographed.
  let answer = () => {}
  const seen = new Promise<void>((resolve) => {
    answer = resolve
  })
  await page.route(`**/api/v1/students/${student.uuid}/documents`, async (route) => {
    await seen
    await route.continue()
  })
  const documents = section(page, 'Documents')
  await documents.getByRole('button', { name: 'Add document' }).click()
  const dialog = page.getByRole('dialog', { name: 'Add document' })
  await dialog.getByRole('radio', { name: 'File' }).check()
  await dialog
    .locator('input[type=file]')
    .setInputFiles({ name: 'slow.pdf', mimeType: 'application/pdf', buffer: pdf })
  await dialog.getByRole('button', { name: 'Upload file' }).click()
  await expect(dialog.getByRole('progressbar', { name: /Uploading… \d+%/ })).toBeVisible()
  await expect(dialog.getByRole('button', { name: 'Uploading…' })).toBeDisabled()
  await shot(dialog, 'document-upload-progress-390')
  answer()
  await expect(dialog).toBeHidden()
  await expect(documents.getByText('slow.pdf')).toBeVisible()
})
