import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LegalSection, PageShell } from '../components/page-shell';
import { PAGES_NS } from '../texts';

const SECTIONS = ['use', 'payment', 'content', 'conduct', 'legal'] as const;

/**
 * /terms (viewer spec section 2): terms of use, payment terms, content usage, user conduct, legal information;
 * minimum age 13, parental consent under 18, 30 days' notice of price changes, governing law of Uganda as the
 * spec states it.
 */
export default function TermsPage() {
  const { t } = useTranslation(PAGES_NS);
  return (
    <PageShell title={t('terms.title')} lead={t('legal.updated', { date: t('legal.updatedOn') })}>
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
