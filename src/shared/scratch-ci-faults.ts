// Scratch: three faults that CI must catch (reverted in the next commit).
// A reference to a document that is not in the repository: see DESIGN.md section 5 and docs/missing.md.
export const typeError: number = 'not a number'
export const lintError = "double quotes and a trailing semicolon";
