/**
 * Form fields side by side where two fit, one under the other on a narrow phone: a date field's control does not
 * shrink below its own width, so two in the halves of a 320 px screen pushed the page sideways (issue 37).
 */
export const fieldGridClassName = 'grid grid-cols-[repeat(auto-fit,minmax(9rem,1fr))] gap-3';
