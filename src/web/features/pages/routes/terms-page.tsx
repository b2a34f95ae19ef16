import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate } from '../../../lib/format';
import { LegalSection, PageShell } from '../components/page-shell';
import { PAGES_NS } from '../texts';

/** Last revision of the terms and the privacy policy (viewer spec section 2: "last updated December 2024"). */
export const LEGAL_UPDATED = new Date(Date.UTC(2024, 11, 1));

const SECTIONS = ['use', 'payment', 'content', 'conduct', 'legal'] as const;

/**
 * /terms (viewer spec section 2): terms of use, payment terms, content usage, user conduct, legal information;
 * minimum age 13, parental consent under 18, 30 days' notice of price changes, governing law of Uganda as the
 * spec states it.
 */
export default function TermsPage() {
  const { t, i18n } = useTranslation(PAGES_NS);
  return (
    <PageShell title={t('terms.title')} lead={t('legal.updated', { date: formatDate(LEGAL_UPDATED, i18n.language, { month: 'long', year: 'numeric', timeZone: 'UTC' }) })}>
      <p className="leading-relaxed">{t('terms.intro')}</p>
      {SECTIONS.map((s) => (
        <LegalSection key={s} id={`terms-${s}`} title={t(`terms.sections.${s}.title`)}>
          <p>{t(`terms.sections.${s}.p1`)}</p>
          <p>{t(`terms.sections.${s}.p2`)}</p>
        </LegalSection>
      ))}
      <p>
        {t('terms.questions')}{' '}
        <Link to="/contact" className="font-medium text-primary underline-offset-4 hover:underline">
          {t('terms.contactLink')}
        </Link>
      </p>
    </PageShell>
  );
}
