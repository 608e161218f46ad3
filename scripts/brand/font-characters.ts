/**
 * The characters the font keeps: printable ASCII, Latin-1 (every Portuguese letter, º, ª, ·,
 * the no-break space) and the typographic punctuation the copy uses. A page text outside it
 * is drawn in the fallback; `scripts/brand/brand-build.test.ts` fails when a page has any.
 */
export const FONT_CHARACTERS = [
  ...Array.from({ length: 0x7f - 0x20 }, (_, i) => String.fromCharCode(0x20 + i)),
  ...Array.from({ length: 0x100 - 0xa0 }, (_, i) => String.fromCharCode(0xa0 + i)),
  ...'–—‘’‚“”„…•€→←↗',
].join('')

/**
 * What the widths are compared on: Portuguese as the pages write it. Each fallback's total
 * advance over this text (in ems) was measured once with HarfBuzz from the font files
 * (Arimo, metric-compatible with Arial, Helvetica and Liberation Sans; Roboto, Android's):
 * fonts that do not change, so their figures are facts, not settings.
 */
export const METRICS_SAMPLE =
  'Desenvolvemos software sob medida que impulsiona o crescimento do seu negócio, da primeira ideia ao produto no ar. Sites e aplicações web rápidos, acessíveis e escaláveis. Por que escolher a Aurora Digital? Transformamos ideias em código. Consultoria Técnica, Segurança Digital e Automação: 30 minutos, Seg-Sex, 9h-18h.'
