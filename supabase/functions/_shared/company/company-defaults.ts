/**
 * The company facts that have a default: each one a version added after a fork may have been
 * made. A later version that adds a fact puts it here, with a default that reads right for a
 * small Brazilian company, and a line in CHANGELOG.md; never in company-facts.ts (the fork's
 * own file, which a merge then leaves alone). Until the fork sets it there, the start-up and
 * the build name it, with the default in use (company.ts).
 */
export const companyDefaults = {
  article: 'a',
  mailSenderName: 'Formulário do site',
  officeHours: {
    timeZone: 'America/Sao_Paulo',
    weekdays: [1, 2, 3, 4, 5],
    opens: '09:00',
    closes: '18:00',
  },
  consultationMinutes: 30,
  /** Added in 1.1.0 (decision 054): no WhatsApp link until the company gives its number. */
  whatsapp: '',
  /**
   * Added in 1.1.0 (decision 054): visibly examples (the CNPJ spells EXEMPLO, the encarregado
   * is "Fulana de Tal"), which the start-up and the build name until the company's own are set.
   */
  legal: {
    name: 'Aurora Digital Tecnologia Ltda.',
    cnpj: 'EX.EMP.LO0/0001-54',
  },
  dataProtectionOfficer: {
    name: 'Fulana de Tal',
    email: 'privacidade@auroradigital.com.br',
  },
  /**
   * Added in 1.1.0 (decision 051): the page's 24-hour promise. replyAlertAfterHours has no
   * default of its own: left out, the alert comes at five sixths of the promise (company.ts).
   */
  replyPromiseHours: 24,
} as const
