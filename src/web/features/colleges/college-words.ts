/** How a college-list status reads: one list for the screens and the readable export. */
export { STATUS_LABELS } from '../../../shared/colleges'
