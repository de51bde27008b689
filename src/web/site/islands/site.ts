import '@fontsource-variable/inter'
import '../../styles.css'

/**
 * The public pages' only script (ADR 013): pages are static HTML, so this does two small things.
 * Menus are `<details>`: close them on Escape and on a click elsewhere. The contact form's code
 * loads only on the page that has the form.
 */
const menus = () => [...document.querySelectorAll<HTMLDetailsElement>('details[data-menu][open]')]

document.addEventListener('click', (event) => {
  for (const menu of menus()) if (!menu.contains(event.target as Node)) menu.open = false
})
document.addEventListener('keydown', (event) => {
  if (event.key !== 'Escape') return
  for (const menu of menus()) {
    menu.open = false
    menu.querySelector('summary')?.focus()
  }
})

const contactForm = document.querySelector<HTMLFormElement>('form[data-island="contact-form"]')
if (contactForm) void import('./contact-form').then(({ mountContactForm }) => mountContactForm(contactForm))
