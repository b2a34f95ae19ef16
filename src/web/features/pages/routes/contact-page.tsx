import { useTranslation } from 'react-i18next';
import { BusinessHours } from '../components/business-hours';
import { ContactDetails } from '../components/contact-details';
import { ContactForm } from '../components/contact-form';
import { PageShell } from '../components/page-shell';
import { PAGES_NS } from '../texts';

/**
 * /contact (docs/product/viewer.md §2): details, business hours, and a form that really sends (the spec's had no submit
 * handling).
 */
export default function ContactPage() {
  const { t } = useTranslation(PAGES_NS);
  return (
    <PageShell title={t('contact.title')} lead={t('contact.lead')}>
      <div className="grid gap-10 md:grid-cols-[1fr_2fr]">
        <div className="grid content-start gap-8">
          <section aria-labelledby="contact-details" className="grid gap-3">
            <h2 id="contact-details" className="text-xl font-bold">
              {t('contact.detailsTitle')}
            </h2>
            <ContactDetails />
          </section>
          <section aria-labelledby="contact-hours" className="grid gap-3">
            <h2 id="contact-hours" className="text-xl font-bold">
              {t('contact.hoursTitle')}
            </h2>
            <BusinessHours />
          </section>
        </div>
        <ContactForm />
      </div>
    </PageShell>
  );
}
