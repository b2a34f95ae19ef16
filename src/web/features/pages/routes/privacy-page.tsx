import { useTranslation } from 'react-i18next';
import { useSiteSettings } from '../../../lib/site-info';
import { LegalSection, PageShell } from '../components/page-shell';
import { PAGES_NS } from '../texts';

const SECTIONS = ['collect', 'use', 'share', 'security', 'rights', 'cookies'] as const;

/** /privacy (docs/product/viewer.md §2): six sections, a contact block with a 30-day response aim, a note for international users (GDPR). */
export default function PrivacyPage() {
  const { t } = useTranslation(PAGES_NS);
  const email = useSiteSettings().supportEmail;
  return (
    <PageShell title={t('privacy.title')} lead={t('legal.updated', { date: t('legal.updatedOn') })}>
      <p className="leading-relaxed">{t('privacy.intro')}</p>
      {SECTIONS.map((s, i) => (
        <LegalSection key={s} id={`privacy-${s}`} title={`${i + 1}. ${t(`privacy.sections.${s}.title`)}`}>
          <p>{t(`privacy.sections.${s}.text`)}</p>
        </LegalSection>
      ))}
      <LegalSection id="privacy-contact" title={t('privacy.contactTitle')}>
        <p>{t('privacy.contactText')}</p>
        {email && (
          <p>
            <a className="font-medium text-primary underline-offset-4 hover:underline" href={`mailto:${email}`}>
              {email}
            </a>
          </p>
        )}
        <p>{t('privacy.responseTime')}</p>
      </LegalSection>
      <LegalSection id="privacy-international" title={t('privacy.internationalTitle')}>
        <p>{t('privacy.international')}</p>
      </LegalSection>
    </PageShell>
  );
}
