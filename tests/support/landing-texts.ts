import { contactForm, contactSection } from '../../src/content/contact.ts'
import { aboutSection, differentiators } from '../../src/content/differentiators.ts'
import { services } from '../../src/content/services.ts'
import { brand, companyName, contactFacts, hero } from '../../src/content/site.ts'

// At least one text per section of the landing page, as the copy in src/content says it (a
// fork rewrites the copy, and its tests still find each section's text on the page). The
// spec's sentence shapes around the company's facts are built here from them.

export const LANDING_TEXTS = [
  brand.tagline,
  hero.primaryCta.label,
  hero.secondaryCta.label,
  ...services.map(({ title }) => title),
  `Por que escolher ${companyName.the}`,
  aboutSection.badge,
  brand.experience,
  ...differentiators.map(({ title }) => title),
  contactSection.title,
  contactSection.badge,
  contactForm.title,
  contactFacts.replyTime,
  contactFacts.hours,
  contactFacts.consultation,
  contactForm.submit,
]
