import { HeroVisual } from '../components/hero-visual.tsx'
import { KeepWordsWhole } from '../components/keep-words-whole.tsx'
import { PageSection } from '../components/page-section.tsx'
import { Badge } from '../components/ui/badge.tsx'
import { buttonClassName } from '../components/ui/button.tsx'
import { hero } from '../content/site.ts'

export function Hero() {
  const { primaryCta, secondaryCta } = hero
  return (
    <PageSection id="home">
      <div className="mx-auto grid max-w-page items-center gap-14 px-4 pt-12 pb-4 sm:px-6 sm:pt-20 sm:pb-8 lg:grid-cols-[1.1fr_1fr] lg:gap-10 lg:pt-24 lg:pb-16">
        <div className="flex flex-col items-start gap-7">
          <Badge>{hero.badge}</Badge>
          <h1
            id="home-title"
            className="text-[2.75rem] leading-[1.02] font-heading tracking-display text-balance sm:text-6xl lg:text-7xl"
          >
            {hero.titleLead} <span className="text-accent-ink">{hero.titleHighlight}</span>
          </h1>
          <p className="max-w-xl text-lg leading-relaxed text-pretty text-ink-muted sm:text-xl">
            <KeepWordsWhole text={hero.description} />
          </p>
          <div className="flex w-full flex-col gap-3 pt-1 sm:w-auto sm:flex-row">
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
        <HeroVisual className="w-full" />
      </div>
    </PageSection>
  )
}
