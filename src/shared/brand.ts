/** The company's name and voice in one place, so a rename is a one-line change (docs/product.md#look-and-accessibility). */
export const BRAND = {
  name: 'Crestline Prep',
  tagline: 'Test prep and admissions coaching that shows its work.',
  email: 'hello@crestlineprep.com',
  phone: '(555) 014-2290',
} as const
