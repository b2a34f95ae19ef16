import { Quote, ShieldCheck, Smartphone, Zap } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useSiteSettings } from '../lib/site-info';

/**
 * Stats of the home page (docs/product/viewer.md §1: 1000+ movies translated, 99.9% quality rating): the figures of the
 * site settings (ADR 022), each shown only when set; nothing when neither is.
 */
export function HomeStats() {
  const { t } = useTranslation();
  const { figures } = useSiteSettings();
  const stats = [
    { value: figures.titles, label: t('home.statMovies') },
    { value: figures.qualityRating, label: t('home.statQuality') },
  ].filter((s) => s.value);
  if (!stats.length) return null;
  return (
    <section aria-label={t('home.statsLabel')} className={`grid gap-4 text-center ${stats.length > 1 ? 'grid-cols-2' : ''}`}>
      {stats.map((s) => (
        <div key={s.label} className="rounded-xl border p-6">
          <p className="break-words text-3xl font-extrabold text-primary">{s.value}</p>
          <p className="text-sm text-muted-foreground">{s.label}</p>
        </div>
      ))}
    </section>
  );
}

const FEATURES = [
  { key: 'instant', Icon: Zap },
  { key: 'secure', Icon: ShieldCheck },
  { key: 'devices', Icon: Smartphone },
] as const;

/** The three feature cards: instant streaming, secure platform, multi-device. */
export function HomeFeatures() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="features-heading" className="grid gap-4">
      <h2 id="features-heading" className="text-xl font-bold">
        {t('home.featuresTitle')}
      </h2>
      <ul className="grid gap-4 sm:grid-cols-3">
        {FEATURES.map(({ key, Icon }) => (
          <li key={key} className="grid gap-2 rounded-xl border bg-card p-5">
            <Icon className="size-7 text-primary" aria-hidden="true" />
            <h3 className="font-semibold">{t(`home.features.${key}.title`)}</h3>
            <p className="text-sm text-muted-foreground">{t(`home.features.${key}.text`)}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

const SAMPLES = ['aline', 'eric', 'grace'] as const;

/**
 * Testimonials of the site settings as typed (ADR 022), or, until an admin sets them, the spec's three sample
 * testimonials in the viewer's language (docs/product/viewer.md §1); none when the admin's list is empty.
 */
export function HomeTestimonials() {
  const { t } = useTranslation();
  const { testimonials } = useSiteSettings();
  const items =
    testimonials ?? SAMPLES.map((key) => ({ quote: t(`home.testimonials.${key}.quote`), name: t(`home.testimonials.${key}.name`), place: t(`home.testimonials.${key}.place`) as string | null }));
  if (!items.length) return null;
  return (
    <section aria-labelledby="testimonials-heading" className="grid gap-4">
      <h2 id="testimonials-heading" className="text-xl font-bold">
        {t('home.testimonialsTitle')}
      </h2>
      <ul className="grid gap-4 sm:grid-cols-3">
        {items.map((item, i) => (
          <li key={i}>
            <figure className="grid h-full gap-3 rounded-xl border bg-card p-5">
              <Quote className="size-6 text-primary" aria-hidden="true" />
              <blockquote className="text-sm leading-relaxed break-words">{item.quote}</blockquote>
              <figcaption className="mt-auto text-sm">
                <span className="font-semibold">{item.name}</span>
                {item.place && <span className="text-muted-foreground"> · {item.place}</span>}
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </section>
  );
}
