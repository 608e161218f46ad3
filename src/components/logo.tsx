import { brand } from '../content/site.ts'

/** The brand as a two-word logo: the second word carries the accent gradient. */
export function Logo() {
  const [first, second] = brand.logoWords
  return (
    <span className="text-xl font-extrabold tracking-tight text-slate-900">
      {first}{' '}
      <span className="bg-gradient-to-r from-brand-600 to-accent-600 bg-clip-text text-transparent">
        {second}
      </span>
    </span>
  )
}
