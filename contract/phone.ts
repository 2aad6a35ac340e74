/**
 * Network suggestion from a Nigerian number's first four digits (docs/domain.md). Numbers
 * are portable, so this only suggests: the user can always choose another network.
 */
export const NETWORK_PREFIXES = {
  MTN: [
    '0703',
    '0704',
    '0706',
    '0803',
    '0806',
    '0810',
    '0813',
    '0814',
    '0816',
    '0903',
    '0906',
    '0913',
    '0916',
  ],
  GLO: ['0705', '0805', '0807', '0811', '0815', '0905', '0915'],
  AIRTEL: ['0701', '0708', '0802', '0808', '0812', '0901', '0902', '0904', '0907', '0911', '0912'],
  '9MOBILE': ['0809', '0817', '0818', '0908', '0909'],
} as const;
export type NetworkName = keyof typeof NETWORK_PREFIXES;

/** The network a number probably belongs to, or undefined when the prefix is unknown. */
export function suggestNetwork(phone: string): NetworkName | undefined {
  const digits = phone.replace(/\D/g, '');
  const local = digits.startsWith('234') ? `0${digits.slice(3)}` : digits;
  const prefix = local.slice(0, 4);
  for (const [name, prefixes] of Object.entries(NETWORK_PREFIXES) as [
    NetworkName,
    readonly string[],
  ][]) {
    if (prefixes.includes(prefix)) return name;
  }
  return undefined;
}
