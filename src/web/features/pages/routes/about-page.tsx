import { Film, Globe2, MonitorSmartphone, Zap } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { useSiteSettings, type SiteSettings } from '../../../lib/site-info';
import { ContactDetails } from '../components/contact-details';
import { PageShell } from '../components/page-shell';
import { PAGES_NS } from '../texts';

/** Each figure (label key → site settings figure); one the admin left empty is not shown (ADR 022). */
const STATS: [string, keyof SiteSettings['figures']][] = [
  ['titles', 'titles'],
  ['users', 'viewers'],
  ['streaming', 'streaming'],
  ['quality', 'picture'],
];
const FEATURES = [
  { key: 'instant', icon: Zap },
  { key: 'multiDevice', icon: MonitorSmartphone },
  { key: 'global', icon: Globe2 },
] as const;

/** /about (docs/product/viewer.md §2 "Static pages"): mission, global reach, statistics, three feature cards, contact details, buttons to /movies and /contact. */
export default function AboutPage() {
  const { t } = useTranslation(PAGES_NS);
  const { figures } = useSiteSettings();
  const stats = STATS.flatMap(([label, key]) => (figures[key] ? [{ label, value: figures[key] }] : []));
  return (
    <PageShell title={t('about.title')} lead={t('about.lead')}>
      <section aria-labelledby="about-mission" className="grid gap-2">
        <h2 id="about-mission" className="text-2xl font-bold">
          {t('about.missionTitle')}
        </h2>
        <p className="leading-relaxed">{t('about.mission')}</p>
      </section>
      <section aria-labelledby="about-reach" className="grid gap-2">
        <h2 id="about-reach" className="text-2xl font-bold">
          {t('about.reachTitle')}
        </h2>
        <p className="leading-relaxed">{t('about.reach')}</p>
      </section>
      {stats.length > 0 && (
        <section aria-label={t('about.statsLabel')}>
          <dl className="grid grid-cols-2 gap-4 sm:grid-cols-4">
            {stats.map((s) => (
              <div key={s.label} className="grid gap-1 rounded-xl border p-4 text-center">
                <dt className="order-2 text-sm text-muted-foreground">{t(`about.stats.${s.label}.label`)}</dt>
                <dd className="order-1 break-words text-2xl font-extrabold text-primary">{s.value}</dd>
              </div>
            ))}
          </dl>
        </section>
      )}
      <section aria-labelledby="about-features" className="grid gap-4">
        <h2 id="about-features" className="text-2xl font-bold">
          {t('about.featuresTitle')}
        </h2>
        <ul className="grid gap-4 sm:grid-cols-3">
          {FEATURES.map(({ key, icon: Icon }) => (
            <li key={key} className="grid content-start gap-2 rounded-xl border p-5">
              <Icon className="size-8 text-primary" aria-hidden="true" />
              <h3 className="text-lg font-semibold">{t(`about.features.${key}.title`)}</h3>
              <p className="text-sm text-muted-foreground">{t(`about.features.${key}.text`)}</p>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="about-contact" className="grid gap-3">
        <h2 id="about-contact" className="text-2xl font-bold">
          {t('about.contactTitle')}
        </h2>
        <ContactDetails />
      </section>
      <div className="flex flex-wrap gap-3">
        <Button asChild size="lg">
          <Link to="/movies">
            <Film aria-hidden="true" />
            {t('about.browse')}
          </Link>
        </Button>
        <Button asChild size="lg" variant="outline">
          <Link to="/contact">{t('about.contact')}</Link>
        </Button>
      </div>
    </PageShell>
  );
}
