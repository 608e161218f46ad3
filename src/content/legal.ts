import { formatCnpj } from '#shared/company/cnpj.ts'
import { company } from '#shared/company/company.ts'
import { companyWhatsappLink } from '#shared/company/whatsapp.ts'

/**
 * Who the company is by law, as the footer and the privacy notice word it (Decreto
 * 7.962/2013 art. 2 asks a site for its razão social and CNPJ; LGPD art. 41 for the
 * encarregado's identity and contact). The facts are company.ts's.
 */
export const legalIdentity = {
  name: company.legal.name,
  cnpj: `CNPJ ${formatCnpj(company.legal.cnpj)}`,
  officerLabel: 'Encarregado de dados (LGPD)',
  officerName: company.dataProtectionOfficer.name,
  officerEmail: company.dataProtectionOfficer.email,
  officerSubject: 'Sobre os meus dados',
} as const

/** Click-to-chat with the company (undefined when company.ts has no WhatsApp number). */
export const whatsappChat = {
  href: companyWhatsappLink(),
  label: 'WhatsApp',
} as const
