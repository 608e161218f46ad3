/**
 * Joins class names, skipping falsy ones. It does not resolve conflicts (that would take
 * tailwind-merge, ~8 KB gzip, into the form's code): instead every property is set in exactly
 * one place, the base classes, a variant or the caller, never two. Which of two conflicting
 * utilities wins depends on the stylesheet's order, not on the order here.
 * tests/e2e/rendered-styles.test.ts checks the rendered sizes against the variants.
 */
export function cn(...classes: ReadonlyArray<string | false | null | undefined>): string {
  return classes.filter(Boolean).join(' ')
}
