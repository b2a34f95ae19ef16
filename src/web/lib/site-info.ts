/**
 * Sobanura's public contact details, shown in the footer and on the About, Contact and Help pages (viewer spec
 * sections 1 and 2: location Kigali; business hours Mon-Fri 9:00-18:00, Sat 10:00-16:00, Sunday closed).
 * The spec gives no address, number or social accounts: these are placeholders on our own domain, to be
 * replaced by the real ones before launch, here only.
 */
export const SITE = {
  email: 'support@sobanura.rw',
  phone: '+250 788 000 000',
  phoneHref: 'tel:+250788000000',
  whatsapp: 'https://wa.me/250788000000',
  social: [
    { key: 'facebook', label: 'Facebook', href: 'https://www.facebook.com/sobanura' },
    { key: 'instagram', label: 'Instagram', href: 'https://www.instagram.com/sobanura' },
    { key: 'x', label: 'X', href: 'https://x.com/sobanura' },
    { key: 'youtube', label: 'YouTube', href: 'https://www.youtube.com/@sobanura' },
  ],
} as const;
