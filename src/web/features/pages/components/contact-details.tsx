import { Mail, MapPin, MessageCircle, Phone } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { telHref, useSiteSettings, whatsappHref } from '../../../lib/site-info';
import { PAGES_NS } from '../texts';

/** Email, phone, WhatsApp and the postal address of the site settings (ADR 022), as links where they can be; an empty one is not shown. */
export function ContactDetails() {
  const { t } = useTranslation(PAGES_NS);
  const site = useSiteSettings();
  const row = 'flex items-center gap-3';
  return (
    <ul className="grid gap-3">
      {site.supportEmail && (
        <li className={row}>
          <Mail className="size-5 shrink-0 text-primary" aria-hidden="true" />
          <span className="sr-only">{t('contact.emailLabel')}</span>
          <a className="break-all underline-offset-4 hover:underline" href={`mailto:${site.supportEmail}`}>
            {site.supportEmail}
          </a>
        </li>
      )}
      {site.supportPhone && (
        <li className={row}>
          <Phone className="size-5 shrink-0 text-primary" aria-hidden="true" />
          <span className="sr-only">{t('contact.phoneLabel')}</span>
          <a className="underline-offset-4 hover:underline" href={telHref(site.supportPhone)}>
            {site.supportPhone}
          </a>
        </li>
      )}
      {site.whatsapp && (
        <li className={row}>
          <MessageCircle className="size-5 shrink-0 text-primary" aria-hidden="true" />
          <a className="underline-offset-4 hover:underline" href={whatsappHref(site.whatsapp)} rel="noopener noreferrer" target="_blank">
            {t('contact.whatsapp')}
          </a>
        </li>
      )}
      {site.postalAddress && (
        <li className="flex items-start gap-3">
          <MapPin className="size-5 shrink-0 text-primary" aria-hidden="true" />
          <span className="whitespace-pre-line">{site.postalAddress}</span>
        </li>
      )}
    </ul>
  );
}
