import { Mail, MapPin, Phone, Smartphone } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { kigaliYear } from '../lib/format';
import { telHref, useSiteSettings } from '../lib/site-info';

const QUICK_LINKS = [
  { to: '/about', key: 'footer.about' },
  { to: '/help', key: 'footer.help' },
  { to: '/terms', key: 'footer.terms' },
  { to: '/privacy', key: 'footer.privacy' },
] as const;

/**
 * Brand blurb, quick links (about, help center, terms of service, privacy policy), contact details and social
 * links, the contact support link, "Mobile Money Accepted", copyright of the current year in Kigali (the spec's fixed 2024 was the year it was written;
 * docs/product/viewer.md §2 "Footer"). The
 * details are the site settings (lib/site-info.ts, ADR 022); one left empty by the admin is not shown.
 */
export function Footer() {
  const { t } = useTranslation();
  const site = useSiteSettings();
  return (
    <footer className="border-t bg-muted/30 text-sm">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:grid-cols-2 lg:grid-cols-4">
        <section aria-labelledby="footer-brand" className="grid content-start gap-2">
          <h2 id="footer-brand" className="text-lg font-extrabold text-primary">
            Sobanura
          </h2>
          <p className="text-muted-foreground">{t('footer.blurb')}</p>
        </section>
        <nav aria-labelledby="footer-links" className="grid content-start gap-2">
          <h2 id="footer-links" className="font-semibold">
            {t('footer.quickLinks')}
          </h2>
          <ul className="grid gap-1">
            {QUICK_LINKS.map((l) => (
              <li key={l.to}>
                <Link to={l.to} className="text-muted-foreground underline-offset-4 hover:text-foreground hover:underline">
                  {t(l.key)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <section aria-labelledby="footer-contact" className="grid content-start gap-2">
          <h2 id="footer-contact" className="font-semibold">
            {t('footer.contactTitle')}
          </h2>
          <ul className="grid gap-1 text-muted-foreground">
            {site.supportEmail && (
              <li className="flex items-center gap-2">
                <Mail className="size-4 shrink-0" aria-hidden="true" />
                <a href={`mailto:${site.supportEmail}`} className="break-all hover:text-foreground hover:underline">
                  {site.supportEmail}
                </a>
              </li>
            )}
            {site.supportPhone && (
              <li className="flex items-center gap-2">
                <Phone className="size-4 shrink-0" aria-hidden="true" />
                <a href={telHref(site.supportPhone)} className="hover:text-foreground hover:underline" data-testid="footer-phone">
                  {site.supportPhone}
                </a>
              </li>
            )}
            {site.postalAddress && (
              <li className="flex items-start gap-2">
                <MapPin className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                <span className="whitespace-pre-line">{site.postalAddress}</span>
              </li>
            )}
          </ul>
          <Link to="/contact" className="font-medium text-primary underline-offset-4 hover:underline">
            {t('footer.contactSupport')}
          </Link>
        </section>
        <section aria-labelledby="footer-social" className="grid content-start gap-2">
          <h2 id="footer-social" className="font-semibold">
            {t('footer.followUs')}
          </h2>
          <ul className="flex flex-wrap gap-x-3 gap-y-1">
            {site.social.map((s) => (
              <li key={s.url}>
                <a href={s.url} rel="noopener noreferrer" target="_blank" className="text-muted-foreground hover:text-foreground hover:underline">
                  {s.name}
                </a>
              </li>
            ))}
          </ul>
          <p className="mt-2 inline-flex items-center gap-1 font-medium">
            <Smartphone className="size-4" aria-hidden="true" />
            {t('footer.mobileMoney')}
          </p>
        </section>
      </div>
      <div className="border-t">
        <p className="mx-auto max-w-7xl px-4 py-4 text-center text-muted-foreground">{t('footer.copyright', { year: kigaliYear() })}</p>
      </div>
    </footer>
  );
}
