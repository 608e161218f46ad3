import { company, type Company } from '#shared/company/company.ts'

/**
 * Companies a fork could be, each what its company-facts.ts and brand.ts accent would say,
 * chosen to cover the edges a re-brand meets: a name with no article, a masculine and a
 * feminine one, accents in names and cities, a long name; with WhatsApp and without;
 * consultations of 15, 45 and 90 minutes; hours that start and end on the half hour, a six-day
 * week and days that are not one run; time zones off São Paulo's (Manaus, Noronha); reply
 * promises of 12 and 48 hours and of an hour and a half; an accent in upper, lower and mixed
 * case; a numeric and an alphanumeric CNPJ. The last one shares the fork's own city, hours,
 * consultation and promise, as a company may: what two companies share is not the old one's.
 *
 * A fixed list, the same at every run: the quick set renders the site and the desk
 * (src/any-company.isolated.test.tsx) and the e-mails
 * (supabase/functions/_shared/company/any-company-mail.test.ts) for each. Every fact passes the
 * checks the server and the build make (the CNPJs' check digits were computed with cnpj.ts),
 * which the first of those tests asserts. tests/integration/fork-facts.test.ts allows this file:
 * it holds companies' facts as data.
 */
export interface GeneratedCompany {
  /** What the company covers, to name it in a test. */
  label: string
  facts: Company
  /** brand.ts's accent, as the company writes it (any case). */
  accent: string
  /**
   * How the site must word its hours (on the page and in the structured data) and its reply
   * promise, written out here so a wrong wording fails; none for the company that shares the
   * fork's.
   */
  says?: { officeHours: string; openingHours: string; replyPromise: string }
}

export const generatedCompanies: readonly GeneratedCompany[] = [
  {
    label:
      'feminine, no WhatsApp, 45 minutes Mon-Thu 10h-16h, a 12-hour promise, an upper-case accent',
    facts: {
      name: 'Jacarandá Software',
      article: 'a',
      logoWords: ['Jacarandá', 'Software'],
      inbox: 'ola@jacaranda.example',
      mailSenderName: 'Site da Jacarandá',
      phone: '+55 (31) 3222-4545',
      phoneHref: 'tel:+553132224545',
      address: { city: 'Belo Horizonte', region: 'MG', country: 'BR' },
      siteUrl: 'https://www.jacaranda.example',
      officeHours: {
        timeZone: 'America/Sao_Paulo',
        weekdays: [1, 2, 3, 4],
        opens: '10:00',
        closes: '16:00',
      },
      consultationMinutes: 45,
      whatsapp: '',
      legal: { name: 'Jacarandá Software Ltda.', cnpj: '31.415.926/0001-71' },
      dataProtectionOfficer: { name: 'Marta Ribeiro', email: 'lgpd@jacaranda.example' },
      replyPromiseHours: 12,
      replyAlertAfterHours: 10,
    },
    accent: '#0F7B5F',
    says: {
      officeHours: 'Seg-Qui, 10h-16h',
      openingHours: 'Mo-Th 10:00-16:00',
      replyPromise: '12 horas',
    },
  },
  {
    label:
      'masculine, WhatsApp, 15 minutes Mon-Sat 8h30-17h30 in Manaus, a 48-hour promise, an alphanumeric CNPJ',
    facts: {
      name: 'Grupo Faria Tecnologia',
      article: 'o',
      logoWords: ['Grupo', 'Faria'],
      inbox: 'atendimento@grupofaria.example',
      mailSenderName: 'Site do Grupo Faria',
      phone: '+55 (92) 3633-7070',
      phoneHref: 'tel:+559236337070',
      address: { city: 'Manaus', region: 'AM', country: 'BR' },
      // No www: the site's own address, as some companies have it.
      siteUrl: 'https://grupofaria.example',
      officeHours: {
        timeZone: 'America/Manaus',
        weekdays: [1, 2, 3, 4, 5, 6],
        opens: '08:30',
        closes: '17:30',
      },
      consultationMinutes: 15,
      whatsapp: '5592991234567',
      legal: { name: 'Faria Tecnologia e Serviços Ltda.', cnpj: 'AB.3CD.4EF/0001-76' },
      dataProtectionOfficer: { name: 'Joaquim Faria', email: 'dpo@grupofaria.example' },
      replyPromiseHours: 48,
      replyAlertAfterHours: 40,
    },
    accent: '#b45309',
    says: {
      officeHours: 'Seg-Sáb, 8h30-17h30',
      openingHours: 'Mo-Sa 08:30-17:30',
      replyPromise: '48 horas',
    },
  },
  {
    label:
      'no article, a long name, WhatsApp, 90 minutes Mon-Wed and Fri in Noronha, a promise of an hour and a half',
    facts: {
      name: 'Soluções Integradas Arquipélago Informática',
      article: '',
      logoWords: ['Arquipélago', 'Informática'],
      inbox: 'fale.conosco@arquipelago-informatica.example',
      mailSenderName: 'Formulário Arquipélago',
      phone: '+55 (81) 3619-1234',
      phoneHref: 'tel:+558136191234',
      address: { city: 'Fernando de Noronha', region: 'PE', country: 'BR' },
      siteUrl: 'https://www.arquipelago-informatica.example',
      officeHours: {
        timeZone: 'America/Noronha',
        weekdays: [1, 2, 3, 5],
        opens: '07:00',
        closes: '19:00',
      },
      consultationMinutes: 90,
      whatsapp: '5581988887777',
      legal: {
        name: 'Soluções Integradas Arquipélago Informática Eireli',
        cnpj: '16.180.339/0001-57',
      },
      dataProtectionOfficer: { name: 'Ângela Conceição', email: 'privacidade@arquipelago.example' },
      replyPromiseHours: 1.5,
      replyAlertAfterHours: 1,
    },
    accent: '#1D4ED8',
    says: {
      officeHours: 'Seg-Qua, Sex, 7h-19h',
      openingHours: 'Mo-We,Fr 07:00-19:00',
      replyPromise: '1 h 30 min',
    },
  },
  {
    label:
      "feminine, WhatsApp, sharing the fork's city, hours, consultation and promise, a mixed-case accent",
    facts: {
      name: 'Ágata Consultoria',
      article: 'a',
      logoWords: ['Ágata', 'Consultoria'],
      inbox: 'contato@agata.example',
      mailSenderName: 'Site da Ágata',
      phone: '+55 (21) 2555-0101',
      phoneHref: 'tel:+552125550101',
      address: company.address,
      siteUrl: 'https://www.agata.example',
      officeHours: company.officeHours,
      consultationMinutes: company.consultationMinutes,
      whatsapp: '5521987650101',
      legal: { name: 'Ágata Consultoria em Sistemas S.A.', cnpj: '42.424.242/0001-52' },
      dataProtectionOfficer: { name: 'Renata Gomes', email: 'encarregado@agata.example' },
      replyPromiseHours: company.replyPromiseHours,
      replyAlertAfterHours: company.replyAlertAfterHours,
    },
    accent: '#B91c5C',
  },
]
