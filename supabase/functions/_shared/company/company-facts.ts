import type { CompanyFacts } from './company.ts'

/**
 * The company behind the site, in its own words: re-branding starts and ends here, and this is
 * the one file a fork changes. A later version never edits it: a fact added later gets a
 * default in company-defaults.ts and a line in CHANGELOG.md, so merging that version never
 * conflicts here, and the start-up and the build name each fact this file does not set yet.
 * Everything reads these facts through company.ts: the site (src/content/), the Node server and
 * the Supabase Edge Functions, so the page, the e-mails and their sender never disagree.
 *
 * It lives under supabase/functions/ because the Supabase CLI bundles only what is inside
 * that folder into an Edge Function (supabase/cli#3467); plain data.
 */
export const companyFacts = {
  /** Shown in the logo, titles, the footer and e-mails. */
  name: 'Aurora Digital',
  /**
   * The article the name takes in a sentence: 'a' (Por que escolher a Aurora Digital?), 'o'
   * (… o Grupo Faria?), or '' for a name said without one. The copy builds "da", "no", "pela"…
   * from it (company-name.ts).
   */
  article: 'a',
  /** The logo shows the name as two words with the second one accented. */
  logoWords: ['Aurora', 'Digital'],
  /** Public address on the site, and where contact messages go unless CONTACT_TO says otherwise. */
  inbox: 'contato@auroradigital.com.br',
  /** The display name of the notification e-mails' sender (From: "<sender> <address>"). */
  mailSenderName: 'Formulário do site',
  /**
   * The demo's is made up where no one answers: in area 11 every subscriber number is a landline
   * of eight digits starting 2 to 5 or a mobile of nine starting 9, so an eight-digit 7 is no
   * one's (the old mobiles' first digit, moved to nine digits in 2012).
   */
  phone: '+55 (11) 7000-0100',
  phoneHref: 'tel:+551170000100',
  address: { city: 'São Paulo', region: 'SP', country: 'BR' },
  /** The public address of the site when the build gets no SITE_URL. */
  siteUrl: 'https://www.auroradigital.com.br',
  /**
   * When the company answers and meets: ISO weekdays (1 is Monday, 7 is Sunday) and local
   * hours in its IANA time zone. The site words them ('Seg-Sex, 9h-18h') and the database
   * offers consultations only inside them (private.booking_settings).
   */
  officeHours: {
    timeZone: 'America/Sao_Paulo',
    weekdays: [1, 2, 3, 4, 5],
    opens: '09:00',
    closes: '18:00',
  },
  /** The free consultation's length: the site's '30 minutos' and every bookable slot. */
  consultationMinutes: 30,
  /**
   * WhatsApp for click-to-chat links beside the phone, on the booking confirmation and in the
   * visitors' e-mails: country code, area code and number, digits only ('551170000100');
   * '' shows no link anywhere.
   */
  whatsapp: '551170000100',
  /**
   * Who the company is by law, in the footer, the privacy notice and the structured data:
   * the razão social and the CNPJ as the Receita Federal registered them (the CNPJ's check
   * digits are checked at start and at build). The demo's are examples: its CNPJ is the
   * sequence 12.345.678/0001 that Brazilian documentation uses to show the format, with its
   * valid check digits 95, not the demo company's (it has none); the server and the build warn
   * while either is unchanged, and a production start refuses it (decision 069).
   */
  legal: {
    name: 'Aurora Digital Tecnologia Ltda.',
    cnpj: '12.345.678/0001-95',
  },
  /**
   * The encarregado, who answers visitors about their data (LGPD art. 41): a name and an
   * e-mail. A small company exempt from naming one (Resolução CD/ANPD 2/2022) still gives the
   * channel here, with the name of whoever reads it.
   */
  dataProtectionOfficer: {
    name: 'Mariana Costa',
    email: 'privacidade@auroradigital.com.br',
  },
  /**
   * The page promises an answer within replyPromiseHours; a lead still unanswered
   * replyAlertAfterHours after it arrived alerts the company (REPLY_PROMISE_HOURS and
   * REPLY_ALERT_AFTER_HOURS override both on the server).
   */
  replyPromiseHours: 24,
  replyAlertAfterHours: 20,
} as const satisfies CompanyFacts
