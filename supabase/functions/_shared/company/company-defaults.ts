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
   * Added in 1.1.0 (decision 054): examples (the CNPJ is the sequence documentation shows the
   * format with, 12.345.678/0001-95; the encarregado a made-up name), which the start-up and the
   * build name until the company's own are set. Until 1.3 the CNPJ spelled EXEMPLO and the
   * encarregado was "so-and-so" in Portuguese: they read as broken or as a joke.
   */
  legal: {
    name: 'Aurora Digital Tecnologia Ltda.',
    cnpj: '12.345.678/0001-95',
  },
  dataProtectionOfficer: {
    name: 'Mariana Costa',
    email: 'privacidade@auroradigital.com.br',
  },
  /**
   * Added in 1.1.0 (decision 051): the page's 24-hour promise. replyAlertAfterHours has no
   * default of its own: left out, the alert comes at five sixths of the promise (company.ts).
   */
  replyPromiseHours: 24,
} as const
