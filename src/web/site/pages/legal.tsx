import type { ReactNode } from 'react'
import { BRAND } from '../../../shared/brand'
import { PageHero } from '../components/page-bits'
import type { SitePage } from '../page'

const UPDATED = 'November 27, 2026'

function Part({ id, heading, children }: { id: string; heading: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-heading`} id={id} className="scroll-mt-6">
      <h3 id={`${id}-heading`}>{heading}</h3>
      {children}
    </section>
  )
}

function LegalBody() {
  return (
    <>
      <PageHero
        eyebrow="Legal"
        heading="Terms of service and privacy policy"
        lead={
          <p>
            The agreement between {BRAND.name} and the families we work with, and how we handle personal
            information, especially students’ information. Last updated {UPDATED}.
          </p>
        }
      />
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:px-6 lg:grid-cols-[1fr_3fr]">
        <nav aria-label="On this page" className="lg:sticky lg:top-6 lg:self-start">
          <h2 className="text-sm font-semibold uppercase tracking-wide text-ink-muted">On this page</h2>
          <ul className="mt-2 space-y-1">
            <li>
              <a href="#terms" className="inline-flex min-h-11 items-center">
                Terms of service
              </a>
            </li>
            <li>
              <a href="#privacy" className="inline-flex min-h-11 items-center">
                Privacy policy
              </a>
            </li>
            <li>
              <a href="#students" className="inline-flex min-h-11 items-center">
                Students’ data and minors
              </a>
            </li>
            <li>
              <a href="#contact" className="inline-flex min-h-11 items-center">
                Questions and requests
              </a>
            </li>
          </ul>
        </nav>
        <div className="prose">
          <section aria-labelledby="terms-heading" id="terms" className="scroll-mt-6">
            <h2 id="terms-heading">Terms of service</h2>
            <p>
              These terms apply when you book tutoring, essay coaching or admissions coaching with{' '}
              {BRAND.name} (“we”, “us”), and when you use our website or the student workspace. If the student
              is under 18, a parent or legal guardian accepts these terms on the student’s behalf.
            </p>
            <Part id="services" heading="Our services">
              <p>
                We provide the sessions, feedback and planning described in the written proposal you accept.
                We do not guarantee any test score or admission decision: those depend on the student’s work
                and on decisions made by the College Board, ACT and colleges, which we do not control.
              </p>
              <p>
                Students must write their own essays and applications. We will not write, or have anyone or
                anything write, any part of an application for a student, and we may end our work with a
                family that asks us to.
              </p>
            </Part>
            <Part id="fees" heading="Fees and cancellations">
              <ul>
                <li>
                  Fees, and how they are paid, are those in the written proposal you accept. The workspace
                  shows the hours of tutoring or coaching you bought and each session drawn from them, but it
                  does not take payments or keep billing records, and it issues no invoices.
                </li>
                <li>
                  Cancel a session in the workspace, or ask us to move it, before the notice window it shows
                  (24 hours unless we tell you otherwise) at no charge. A later cancellation, or a session
                  missed without notice, is drawn from your hours, except for illness or emergencies, which we
                  treat with common sense.
                </li>
                <li>You may end our work at any time by writing to us.</li>
              </ul>
            </Part>
            <Part id="workspace" heading="The student workspace">
              <p>
                Accounts are by invitation only. Students, the educators and financial-aid advisers on their
                team, and the parents or guardians we link to a student get accounts in our workspace, where
                they follow scores, sessions and hours, documents, session notes, tasks and the college list.
                Keep your password private, turn on two-factor sign-in in Settings if you can, and tell us at
                once if you think someone else has used your account: Settings also lists the devices signed
                in to it, and ends any of them. We may disable an account that is used to harm others or to
                break the law.
              </p>
            </Part>
            <Part id="conduct" heading="Safeguarding and conduct">
              <p>
                Our staff are background-checked and trained in safeguarding. Online sessions take place on
                our own accounts, never private ones, and staff do not contact students through personal
                social media. We expect the same courtesy from students and families that we promise them.
              </p>
            </Part>
            <Part id="liability" heading="Liability and changes">
              <p>
                Our liability for any claim is limited to the fees you paid for the service concerned, except
                where the law does not allow such a limit. We may update these terms; we will email account
                holders about any significant change at least 30 days before it applies.
              </p>
            </Part>
          </section>

          <section aria-labelledby="privacy-heading" id="privacy" className="scroll-mt-6">
            <h2 id="privacy-heading">Privacy policy</h2>
            <Part id="collect" heading="What we collect">
              <ul>
                <li>
                  <strong>From the contact form:</strong> your name, email address, phone number if you give
                  it, the service you asked about and your message.
                </li>
                <li>
                  <strong>For our work with a student:</strong> names and contact details of the student and
                  parents; school, grade and courses; test scores; essays, documents and notes shared in the
                  workspace.
                </li>
                <li>
                  <strong>When you use the workspace:</strong> a session cookie that keeps you logged in; the
                  browser, system and internet address of each device signed in to your account, which you see
                  in Settings; your time zone, for reminders; files you upload; and a record of changes made
                  to a student’s record (who changed what, and when).
                </li>
              </ul>
              <p>
                Our public website sets no cookies, uses no advertising or analytics trackers and loads
                nothing from other companies’ servers.
              </p>
            </Part>
            <Part id="use" heading="How we use it">
              <p>
                Only to provide and improve our services: to reply to you, to plan and run sessions, to track
                progress, and to meet our legal obligations. The workspace emails you only about itself:
                invitations, password resets, notes shared with your family, and reminders of tasks due (which
                you can turn off in Settings). We do not sell personal information, share it for advertising
                or use students’ work to train AI systems.
              </p>
            </Part>
            <Part id="sharing" heading="Who sees it">
              <p>
                Within {BRAND.name}, only the student’s team and the administrators who support it. Outside,
                only the parents or guardians linked to the student (see below), service providers who process
                data for us under contract (hosting, file storage and email delivery), and anyone the law
                requires us to tell. We never send anything to a college, school or test provider unless the
                family asks us to.
              </p>
            </Part>
            <Part id="keeping" heading="How long we keep it">
              <p>
                A student’s record: while we work together, and afterwards as an archived record the student
                and family can still read and download, until 24 months after our work ends. Then an
                administrator deletes the student for good, with their scores, documents and uploaded files,
                notes, tasks and college list; the family may ask us to do that sooner. Contact-form messages:
                until you ask us to remove yours.
              </p>
            </Part>
            <Part id="security" heading="Security">
              <p>
                Data is encrypted in transit, passwords are stored only as strong hashes, two-factor sign-in
                is available to everyone (and our administrators can require it of staff), access is limited
                by role, and changes to student records are logged. If a breach ever affected your
                information, we would tell you promptly and say what we are doing about it.
              </p>
            </Part>
          </section>

          <section aria-labelledby="students-heading" id="students" className="scroll-mt-6">
            <h2 id="students-heading">Students’ data and minors</h2>
            <p>
              Most of our students are between 14 and 18, so we hold their information to a higher standard
              than the law’s minimum.
            </p>
            <ul>
              <li>
                <strong>Parents decide for students under 18.</strong> A parent or guardian agrees to our work
                and to the student’s account. We do not knowingly collect information from children under 13,
                and our services are not designed for them.
              </li>
              <li>
                <strong>Visibility follows the team.</strong> A student’s scores, documents, notes, tasks and
                college list are visible to the student, to the educators and financial-aid advisers on their
                team, and to our administrators. Parents and guardians we link to the student read the record
                as the student does. Educators can hide a document from the student (and so from parents)
                while it is a draft, and keep a session note internal to staff; nobody can hide anything from
                administrators. Aid figures on the college list are entered by the financial-aid adviser.
              </li>
              <li>
                <strong>Students have a say.</strong> Linked parents read what the student reads in the
                workspace. A student 16 or over who wants work kept private from their parents can tell us,
                and we will discuss with the family what goes into the workspace rather than decide alone.
              </li>
              <li>
                <strong>Access, correction and deletion.</strong> Anyone with an account can download a copy
                of their own data from Settings at any time: a student their record, a parent their child’s,
                as each reads it. A parent, or a student who is 18 or over, may also ask us for the full
                record, for corrections, or for deletion. We answer within 30 days.
              </li>
              <li>
                <strong>School records.</strong> We are not a school and do not receive records from schools
                directly. Families choose what to share with us, such as transcripts or score reports.
              </li>
            </ul>
          </section>

          <section aria-labelledby="contact-heading" id="contact" className="scroll-mt-6">
            <h2 id="contact-heading">Questions and requests</h2>
            <p>
              Write to <a href={`mailto:${BRAND.email}`}>{BRAND.email}</a> or call {BRAND.phone}. For privacy
              requests, put “Privacy” in the subject so it reaches the right person; we reply within 30 days
              and usually much sooner.
            </p>
          </section>
        </div>
      </div>
    </>
  )
}

export const legalPage = (): SitePage => ({
  path: '/legal',
  title: `Terms of service and privacy policy | ${BRAND.name}`,
  description:
    'Crestline Prep’s terms of service and privacy policy, including how we protect students’ data and the information of students under 18.',
  heading: 'Terms of service and privacy policy',
  inSitemap: true,
  body: <LegalBody />,
})
