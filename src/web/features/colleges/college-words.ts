import type { CollegeStatus } from '../../../shared/colleges'

/** How a college-list status reads on screen. */
export const STATUS_LABELS: Record<CollegeStatus, string> = {
  researching: 'Researching',
  applying: 'Applying',
  submitted: 'Submitted',
  admitted: 'Admitted',
  waitlisted: 'Waitlisted',
  deferred: 'Deferred',
  denied: 'Denied',
  withdrawn: 'Withdrawn',
  enrolled: 'Enrolled',
}
