import { Quote, ShieldCheck, Smartphone, Zap } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/** Stats of the home page (viewer spec section 1): 1000+ movies translated, 99.9% quality rating. */
export function HomeStats() {
  const { t } = useTranslation();
  return (
    <section aria-label={t('home.statsLabel')} className="grid grid-cols-2 gap-4 text-center">
      <div className="rounded-xl border p-6">
        <p className="text-3xl font-extrabold text-primary">1000+</p>
        <p className="text-sm text-muted-foreground">{t('home.statMovies')}</p>
      </div>
      <div className="rounded-xl border p-6">
        <p className="text-3xl font-extrabold text-primary">99.9%</p>
        <p className="text-sm text-muted-foreground">{t('home.statQuality')}</p>
      </div>
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

const TESTIMONIALS = ['aline', 'eric', 'grace'] as const;

/** Three fixed sample testimonials (viewer spec section 1). */
export function HomeTestimonials() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="testimonials-heading" className="grid gap-4">
      <h2 id="testimonials-heading" className="text-xl font-bold">
        {t('home.testimonialsTitle')}
      </h2>
      <ul className="grid gap-4 sm:grid-cols-3">
        {TESTIMONIALS.map((key) => (
          <li key={key}>
            <figure className="grid h-full gap-3 rounded-xl border bg-card p-5">
              <Quote className="size-6 text-primary" aria-hidden="true" />
              <blockquote className="text-sm leading-relaxed">{t(`home.testimonials.${key}.quote`)}</blockquote>
              <figcaption className="mt-auto text-sm">
                <span className="font-semibold">{t(`home.testimonials.${key}.name`)}</span>
                <span className="text-muted-foreground"> · {t(`home.testimonials.${key}.place`)}</span>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </section>
  );
}
