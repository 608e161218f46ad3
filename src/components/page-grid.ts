/**
 * The page's one vertical line on a wide screen: the middle of its column, 32 px of gap across
 * it. A section's heading puts its introduction right of it, and the body below puts its second
 * column there too (the services' cards, the contact cards, the reasons), so the introduction
 * and what it introduces start at one x. tests/e2e/rendered-styles.test.ts measures it.
 */
export const splitColumns = 'lg:grid-cols-2 lg:gap-x-8'
