/**
 * The one place that names the business. These apps are resold under many names
 * (decisions §1), so a rebrand is an edit to this file plus the colour tokens in
 * src/styles/globals.css — nothing else in the app hard-codes a name, an address or an e-mail.
 */
export const brand = {
  name: 'PayBills',
  /** Short promise shown in the landing hero and the page description. */
  tagline: 'Airtime, data, TV and electricity — paid in seconds from one wallet.',
  description:
    'PayBills is a wallet for everyday bills in Nigeria: buy airtime and data, renew cable TV, recharge electricity meters and buy exam pins.',
  supportEmail: 'support@paybills.ng',
  /** Shown as written; `supportPhoneHref` is the dialable form. */
  supportPhone: '+234 803 000 0000',
  supportPhoneHref: 'tel:+2348030000000',
  address: {
    street: '12 Admiralty Way, Lekki Phase 1',
    city: 'Lagos',
    country: 'Nigeria',
  },
  /** Main brand colour. Keep in step with the `--color-brand` token in src/styles/globals.css. */
  primaryColor: '#0f766e',
  /** Store listing linked from the landing page and footer. */
  appStoreName: 'Google Play',
  appStoreUrl: 'https://play.google.com/store/apps/details?id=ng.paybills.app',
  social: [
    { name: 'X (Twitter)', url: 'https://x.com/paybillsng' },
    { name: 'Instagram', url: 'https://www.instagram.com/paybillsng' },
    { name: 'Facebook', url: 'https://www.facebook.com/paybillsng' },
  ],
} as const;

export type Brand = typeof brand;

/** "12 Admiralty Way, Lekki Phase 1, Lagos, Nigeria" */
export function formatBrandAddress(address: Brand['address'] = brand.address): string {
  return `${address.street}, ${address.city}, ${address.country}`;
}
