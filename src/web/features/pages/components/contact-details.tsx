import { Mail, MapPin, MessageCircle, Phone } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { SITE } from '../../../lib/site-info';
import { PAGES_NS } from '../texts';

/** Email, phone, WhatsApp and the Kigali location, as links where they can be. */
export function ContactDetails() {
  const { t } = useTranslation(PAGES_NS);
  const row = 'flex items-center gap-3';
  return (
    <ul className="grid gap-3">
      <li className={row}>
        <Mail className="size-5 shrink-0 text-primary" aria-hidden="true" />
        <span className="sr-only">{t('contact.emailLabel')}</span>
        <a className="underline-offset-4 hover:underline" href={`mailto:${SITE.email}`}>
          {SITE.email}
        </a>
      </li>
      <li className={row}>
        <Phone className="size-5 shrink-0 text-primary" aria-hidden="true" />
        <span className="sr-only">{t('contact.phoneLabel')}</span>
        <a className="underline-offset-4 hover:underline" href={SITE.phoneHref}>
          {SITE.phone}
        </a>
      </li>
      <li className={row}>
        <MessageCircle className="size-5 shrink-0 text-primary" aria-hidden="true" />
        <a className="underline-offset-4 hover:underline" href={SITE.whatsapp} rel="noopener noreferrer" target="_blank">
          {t('contact.whatsapp')}
        </a>
      </li>
      <li className={row}>
        <MapPin className="size-5 shrink-0 text-primary" aria-hidden="true" />
        <span>{t('contact.location')}</span>
      </li>
    </ul>
  );
}
