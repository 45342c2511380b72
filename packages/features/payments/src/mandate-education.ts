import type { StudentEducation } from './api/mandate-queries';

/** What the mandate dialogs need of an education: its id and class (a host may pass more). */
export type MandateEducation = Pick<StudentEducation, 'id' | 'licenseClass'> &
  Partial<Pick<StudentEducation, 'paymentWorkflow' | 'archived'>>;

/**
 * The education a dialog starts with: the one given, else the only one, else the first
 * live-pay education (the one a mandate is for), else none.
 */
export function defaultEducationId(
  educations: readonly MandateEducation[],
  given?: number,
): number | undefined {
  if (given !== undefined && educations.some((row) => row.id === given)) return given;
  if (educations.length === 1) return educations[0]?.id;
  return educations.find((row) => row.paymentWorkflow === 'LIVE_PAY')?.id;
}
