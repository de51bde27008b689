import type { ReactNode } from 'react'
import { BRAND } from '../../../shared/brand'
import { CONTACT_LIMITS, CONTACT_SERVICES, HONEYPOT_FIELD } from '../../../shared/contact'
import { PageHero } from '../components/page-bits'
import { telHref } from '../components/site-footer'
import type { SitePage } from '../page'

/** Markup the contact-form island (islands/contact-form.ts) finds by these ids. */
function Field({
  name,
  label,
  help,
  children,
}: {
  name: string
  label: string
  help?: string
  children: ReactNode
}) {
  return (
    <div className="flex flex-col gap-1.5" data-field={name}>
      <label htmlFor={`contact-${name}`} className="font-medium text-ink">
        {label}
      </label>
      {children}
      {help ? (
        <p id={`contact-${name}-help`} className="text-sm text-ink-muted">
          {help}
        </p>
      ) : null}
      <p id={`contact-${name}-error`} className="field-error" hidden />
    </div>
  )
}

function ContactDetails() {
  return (
    <ul className="mt-3 space-y-1 text-lg">
      <li>
        Email: <a href={`mailto:${BRAND.email}`}>{BRAND.email}</a>
      </li>
      <li>
        Phone: <a href={telHref(BRAND.phone)}>{BRAND.phone}</a>
      </li>
    </ul>
  )
}

function ContactForm() {
  return (
    <div className="card p-6 sm:p-8">
      {/* Without JavaScript the form cannot send: the address and number instead (ADR 018). */}
      <div className="no-js-only">
        <h2 className="text-xl font-semibold text-ink">Write or call us</h2>
        <p className="mt-2 text-ink-muted">
          Our contact form needs JavaScript, which is turned off in this browser. Email or call us instead and
          we will reply within one working day.
        </p>
        <ContactDetails />
      </div>
      <div className="js-only">
        <form id="contact-form" data-island="contact-form" noValidate className="flex flex-col gap-5">
          <h2 className="text-xl font-semibold text-ink">Send us a message</h2>
          <div id="contact-alert" role="alert" className="form-alert" hidden />
          <Field name="name" label="Your name">
            <input
              id="contact-name"
              name="name"
              className="field-input"
              autoComplete="name"
              maxLength={CONTACT_LIMITS.name}
              required
            />
          </Field>
          <Field name="email" label="Email">
            <input
              id="contact-email"
              name="email"
              type="email"
              className="field-input"
              autoComplete="email"
              required
            />
          </Field>
          <Field
            name="phone"
            label="Phone (optional)"
            help="If you would rather we call. We never pass it on."
          >
            <input
              id="contact-phone"
              name="phone"
              type="tel"
              className="field-input"
              autoComplete="tel"
              maxLength={CONTACT_LIMITS.phone}
              aria-describedby="contact-phone-help"
            />
          </Field>
          <Field name="service" label="What are you interested in?">
            <select id="contact-service" name="service" className="field-input" required defaultValue="">
              <option value="" disabled>
                Choose one
              </option>
              {CONTACT_SERVICES.map((service) => (
                <option key={service.value} value={service.value}>
                  {service.label}
                </option>
              ))}
            </select>
          </Field>
          <Field
            name="message"
            label="Your message"
            help="The student’s grade, any scores or deadlines so far, and what you would like help with."
          >
            <textarea
              id="contact-message"
              name="message"
              rows={6}
              className="field-input"
              maxLength={CONTACT_LIMITS.message}
              required
              aria-describedby="contact-message-help"
            />
          </Field>
          {/* The honeypot: people never see or reach it; bots fill it in (src/shared/contact.ts). */}
          <div className="honeypot" aria-hidden="true">
            <label htmlFor={`contact-${HONEYPOT_FIELD}`}>Leave this field empty</label>
            <input
              id={`contact-${HONEYPOT_FIELD}`}
              name={HONEYPOT_FIELD}
              type="text"
              tabIndex={-1}
              autoComplete="off"
            />
          </div>
          <div>
            <button type="submit" className="btn btn-primary w-full sm:w-auto">
              Send message
            </button>
          </div>
          <p className="text-sm text-ink-muted">
            We use what you send only to reply to you. See our <a href="/legal#privacy">privacy policy</a>.
          </p>
        </form>
        <div id="contact-thanks" tabIndex={-1} className="outline-none" hidden>
          <h2 className="text-xl font-semibold text-ink">Thank you, your message has reached us</h2>
          <p className="mt-2 text-ink-muted">
            A senior coach will reply within one working day, usually sooner, to book your free consultation.
            If it is urgent, call us on <a href={telHref(BRAND.phone)}>{BRAND.phone}</a>.
          </p>
        </div>
      </div>
    </div>
  )
}

function ContactBody() {
  return (
    <>
      <PageHero
        eyebrow="Contact us"
        heading="Book a free consultation"
        lead={
          <p>
            Tell us a little about the student and what you are hoping for. A senior coach will reply within
            one working day to arrange a 30-minute call at a time that suits you.
          </p>
        }
      />
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:px-6 lg:grid-cols-[3fr_2fr]">
        <ContactForm />
        <aside aria-labelledby="reach-heading" className="space-y-8">
          <section>
            <h2 id="reach-heading" className="text-xl font-semibold text-ink">
              Other ways to reach us
            </h2>
            <ContactDetails />
            <p className="mt-3 text-ink-muted">
              Monday to Friday, 9 am to 7 pm; Saturday, 9 am to 1 pm (Eastern).
            </p>
          </section>
          <section aria-labelledby="next-heading">
            <h2 id="next-heading" className="text-xl font-semibold text-ink">
              What happens next
            </h2>
            <ol className="mt-3 list-decimal space-y-2 pl-5 text-ink-muted">
              <li>We reply by email or phone within one working day.</li>
              <li>A 30-minute call with a senior coach: goals, timing, questions.</li>
              <li>If we are a good fit, a written proposal with hours and fees. No pressure if not.</li>
            </ol>
          </section>
        </aside>
      </div>
    </>
  )
}

export const contactPage = (): SitePage => ({
  path: '/contact-us',
  title: `Contact us | ${BRAND.name}`,
  description:
    'Book a free 30-minute consultation about SAT and ACT tutoring, college essays or admissions coaching. We reply within one working day.',
  heading: 'Book a free consultation',
  inSitemap: true,
  body: <ContactBody />,
})
