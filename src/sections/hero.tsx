import { PageSection } from '../components/page-section.tsx'
import { Badge } from '../components/ui/badge.tsx'
import { buttonClassName } from '../components/ui/button.tsx'
import { hero } from '../content/site.ts'

export function Hero() {
  const { primaryCta, secondaryCta } = hero
  return (
    <PageSection
      id="home"
      className="relative overflow-hidden bg-gradient-to-b from-brand-50 via-white to-white"
    >
      <div className="mx-auto flex max-w-4xl flex-col items-center gap-6 px-4 pt-20 pb-24 text-center sm:px-6 sm:pt-28 sm:pb-32">
        <Badge>{hero.badge}</Badge>
        <h1
          id="home-title"
          className="text-4xl font-extrabold tracking-tight text-balance text-slate-900 sm:text-6xl"
        >
          {hero.titleLead}{' '}
          <span className="bg-gradient-to-r from-brand-600 to-accent-600 bg-clip-text text-transparent">
            {hero.titleHighlight}
          </span>
        </h1>
        <p className="max-w-2xl text-lg text-pretty text-slate-600 sm:text-xl">
          {hero.description}
        </p>
        <div className="flex w-full flex-col justify-center gap-3 sm:w-auto sm:flex-row">
          <a href={`#${primaryCta.target}`} className={buttonClassName({ size: 'lg' })}>
            {primaryCta.label}
          </a>
          <a
            href={`#${secondaryCta.target}`}
            className={buttonClassName({ variant: 'outline', size: 'lg' })}
          >
            {secondaryCta.label}
          </a>
        </div>
      </div>
    </PageSection>
  )
}
