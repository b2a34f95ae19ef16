import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { countryName, useSiteSettings } from '../../../lib/site-info';
import { LegalSection, PageShell } from '../components/page-shell';
import { PAGES_NS } from '../texts';

const SECTIONS = ['use', 'payment', 'content', 'conduct', 'legal'] as const;

/**
 * /terms (docs/product/viewer.md §2): terms of use, payment terms, content usage, user conduct, legal information;
 * minimum age 13, parental consent under 18, 30 days' notice of price changes. The governing law (Uganda as the
 * spec states it, by default) and the operating company are site settings (ADR 022); the country is named in the
 * viewer's language.
 */
export default function TermsPage() {
  const { t, i18n } = useTranslation(PAGES_NS);
  const site = useSiteSettings();
  return (
    <PageShell title={t('terms.title')} lead={t('legal.updated', { date: t('legal.updatedOn') })}>
      <p className="leading-relaxed">{t('terms.intro')}</p>
      {SECTIONS.map((s) => (
        <LegalSection key={s} id={`terms-${s}`} title={t(`terms.sections.${s}.title`)}>
          <p>{t(`terms.sections.${s}.p1`)}</p>
          <p>{t(`terms.sections.${s}.p2`, s === 'legal' ? { country: countryName(site.governingLaw, i18n.language) } : undefined)}</p>
          {s === 'legal' && site.legalEntity && <p data-testid="terms-operator">{t('terms.sections.legal.operator', { entity: site.legalEntity })}</p>}
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
