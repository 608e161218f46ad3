/** Joins class names, skipping falsy ones. Variants are designed not to conflict, so no merging. */
export function cn(...classes: ReadonlyArray<string | false | null | undefined>): string {
  return classes.filter(Boolean).join(' ')
}
