import { zodResolver } from '@hookform/resolvers/zod';
import { Plus, Trash2 } from 'lucide-react';
import { FormProvider, useFieldArray, useForm, useWatch, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { z } from 'zod';
import { SITE_LIMITS, siteSettings, type SiteSettings, type SiteSettingsInput } from '../../../../shared/contracts/site';
import { OTHER_PRICE_CURRENCIES, PLAN_IDS, planSaving } from '../../../../shared/domain/plans';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { isApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { formatRwf } from '../../../lib/format';
import { useSaveSiteSettings, useStoredSiteSettings } from '../api/site-settings';
import { DayHours, MinorPriceField, PriceField, Section, settingsErrorText, TextField } from '../components/settings-fields';

/**
 * The form's own shape: the contract's, with the testimonials always a list and a switch for the spec's samples
 * (the contract's `testimonials: null`), so the list can be edited with useFieldArray.
 */
export const settingsForm = siteSettings.extend({ testimonials: siteSettings.shape.testimonials.unwrap(), sampleTestimonials: z.boolean() });
type FormInput = z.input<typeof settingsForm>;
type FormOutput = z.output<typeof settingsForm>;

/** Stored settings → form values (empty inputs for what is not set). */
export function toForm(s: SiteSettings): FormInput {
  return { ...s, testimonials: s.testimonials ?? [], sampleTestimonials: s.testimonials === null };
}

/** Form values → the document PUT to the server. */
export function fromForm(v: FormOutput): SiteSettingsInput {
  const { sampleTestimonials, testimonials, ...rest } = v;
  return { ...rest, testimonials: sampleTestimonials ? null : testimonials };
}

const DAYS = [
  ['weekdays', { open: '09:00', close: '18:00' }],
  ['saturday', { open: '10:00', close: '16:00' }],
  ['sunday', { open: '10:00', close: '16:00' }],
] as const;
const FIGURES = ['titles', 'viewers', 'streaming', 'picture', 'qualityRating'] as const;

/**
 * Settings tab (super admin only; docs/decisions/022-site-settings-and-prices.md): contact details, hours, the
 * terms' legal entity and governing law, the home and about figures, testimonials, plan prices in RWF, and the plans'
 * and a single title's prices in UGX and USD (docs/decisions/043, never converted). Checked with the
 * server's own zod contract before sending; a refused save (here or by the server, whose field errors are put on
 * their fields) keeps what was typed and changes nothing stored. Each price shows what the plans page will say.
 */
export function SettingsTab() {
  const { t } = useTranslation();
  const stored = useStoredSiteSettings();
  if (stored.isPending) return <Spinner label={t('common.loading')} />;
  if (stored.isError) {
    return (
      <p role="alert" className="text-sm text-destructive">
        {errorMessage(t, stored.error)}
      </p>
    );
  }
  return <SettingsForm initial={stored.data} />;
}

function SettingsForm({ initial }: { initial: SiteSettings }) {
  const { t, i18n } = useTranslation();
  const save = useSaveSiteSettings();
  const form = useForm<FormInput, unknown, FormOutput>({ resolver: zodResolver(settingsForm) as Resolver<FormInput, unknown, FormOutput>, defaultValues: toForm(initial), mode: 'onTouched' });
  const social = useFieldArray({ control: form.control, name: 'social' });
  const testimonials = useFieldArray({ control: form.control, name: 'testimonials' });
  const samples = useWatch({ control: form.control, name: 'sampleTestimonials' });
  const prices = useWatch({ control: form.control, name: 'prices' });
  const { errors, isSubmitted, isValid } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const saved = await save.mutateAsync(fromForm(values));
      form.reset(toForm(saved));
      toast.success(t('siteSettings.saved'));
    } catch (error) {
      // The server's field errors (body.prices.daily.priceRwf) go on their fields; what was typed stays.
      const fields = isApiError(error, 'validation_failed') ? ((error.details as { fields?: { field: string; message: string }[] } | undefined)?.fields ?? []) : [];
      for (const f of fields) form.setError(f.field.replace(/^body\./, '') as never, { type: 'server', message: f.message });
      toast.error(t('siteSettings.notSaved'), { description: errorMessage(t, error) });
    }
  });

  const socialError = settingsErrorText(t, 'list', errors.social?.root ?? (errors.social as never));
  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={(e) => void onSubmit(e)} className="grid min-w-0 gap-4" aria-labelledby="settings-title" data-testid="settings-form">
        <div className="grid gap-1">
          <h2 id="settings-title" className="text-lg font-semibold">
            {t('siteSettings.title')}
          </h2>
          <p className="text-sm text-muted-foreground">{t('siteSettings.lead')}</p>
        </div>

        <Section id="settings-contact" title={t('siteSettings.contact')} description={t('siteSettings.emptyHidden')}>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField name="supportPhone" label={t('siteSettings.supportPhone')} kind="phone" type="tel" inputMode="tel" hint={t('siteSettings.phoneHint')} />
            <TextField name="whatsapp" label={t('siteSettings.whatsapp')} kind="phone" type="tel" inputMode="tel" />
            <TextField name="supportEmail" label={t('siteSettings.supportEmail')} kind="email" type="email" inputMode="email" />
            <TextField name="postalAddress" label={t('siteSettings.postalAddress')} multiline />
          </div>
          <fieldset className="grid min-w-0 gap-2">
            <legend className="mb-2 text-sm font-medium">{t('siteSettings.social')}</legend>
            {social.fields.map((f, i) => (
              <div key={f.id} className="grid min-w-0 grid-cols-[1fr_auto] items-start gap-2 sm:grid-cols-[10rem_1fr_auto]">
                <div className="col-span-2 sm:col-span-1">
                  <TextField name={`social.${i}.name`} label={t('siteSettings.socialName')} />
                </div>
                <TextField name={`social.${i}.url`} label={t('siteSettings.socialUrl')} kind="url" type="url" inputMode="url" />
                <Button type="button" variant="ghost" size="icon" className="mt-6" aria-label={t('siteSettings.remove')} onClick={() => social.remove(i)}>
                  <Trash2 aria-hidden="true" />
                </Button>
              </div>
            ))}
            {social.fields.length < SITE_LIMITS.socialLinks && (
              <Button type="button" variant="outline" size="sm" className="justify-self-start" onClick={() => social.append({ name: '', url: 'https://' })}>
                <Plus aria-hidden="true" />
                {t('siteSettings.addSocial')}
              </Button>
            )}
            {socialError && errors.social?.root && <p role="alert" className="text-sm text-destructive">{socialError}</p>}
          </fieldset>
        </Section>

        <Section id="settings-hours" title={t('siteSettings.hours')}>
          <div className="grid gap-3 sm:grid-cols-3">
            {DAYS.map(([day, fallback]) => (
              <DayHours key={day} name={`hours.${day}`} label={t(`siteSettings.days.${day}`)} fallback={fallback} />
            ))}
          </div>
        </Section>

        <Section id="settings-legal" title={t('siteSettings.legal')}>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField name="legalEntity" label={t('siteSettings.legalEntity')} hint={t('siteSettings.legalEntityHint')} />
            <TextField name="governingLaw" label={t('siteSettings.governingLaw')} kind="country" hint={t('siteSettings.governingLawHint')} />
          </div>
        </Section>

        <Section id="settings-figures" title={t('siteSettings.figures')} description={t('siteSettings.figuresHint')}>
          <div className="grid grid-cols-2 gap-4 sm:grid-cols-5">
            {FIGURES.map((f) => (
              <TextField key={f} name={`figures.${f}`} label={t(`siteSettings.figure.${f}`)} />
            ))}
          </div>
        </Section>

        <Section id="settings-testimonials" title={t('siteSettings.testimonials')}>
          <label className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              className="size-4 accent-[var(--primary)]"
              {...form.register('sampleTestimonials', { onChange: (e: { target: { checked: boolean } }) => e.target.checked && testimonials.replace([]) })}
            />
            {t('siteSettings.sampleTestimonials')}
          </label>
          {!samples && (
            <div className="grid gap-3">
              {testimonials.fields.length === 0 && <p className="text-sm text-muted-foreground">{t('siteSettings.noTestimonials')}</p>}
              {testimonials.fields.map((f, i) => (
                <fieldset key={f.id} className="grid min-w-0 gap-3 rounded-lg border p-3">
                  <legend className="px-1 text-sm font-medium">{t('siteSettings.testimonialN', { n: i + 1 })}</legend>
                  <TextField name={`testimonials.${i}.quote`} label={t('siteSettings.quote')} multiline />
                  <div className="grid gap-3 sm:grid-cols-2">
                    <TextField name={`testimonials.${i}.name`} label={t('siteSettings.personName')} />
                    <TextField name={`testimonials.${i}.place`} label={t('siteSettings.place')} />
                  </div>
                  <Button type="button" variant="ghost" size="sm" className="justify-self-start" onClick={() => testimonials.remove(i)}>
                    <Trash2 aria-hidden="true" />
                    {t('siteSettings.remove')}
                  </Button>
                </fieldset>
              ))}
              {testimonials.fields.length < SITE_LIMITS.testimonials && (
                <Button type="button" variant="outline" size="sm" className="justify-self-start" onClick={() => testimonials.append({ quote: '', name: '', place: '' })}>
                  <Plus aria-hidden="true" />
                  {t('siteSettings.addTestimonial')}
                </Button>
              )}
            </div>
          )}
        </Section>

        <Section id="settings-prices" title={t('siteSettings.prices')} description={t('siteSettings.pricesHint')}>
          <div className="grid gap-3 sm:grid-cols-2">
            {PLAN_IDS.map((id) => {
              const p = prices?.[id];
              const saving = p && Number.isInteger(p.priceRwf) ? planSaving(Number(p.priceRwf), p.compareAtRwf == null || Number.isNaN(p.compareAtRwf) ? null : Number(p.compareAtRwf)) : null;
              return (
                <fieldset key={id} className="grid min-w-0 gap-2 rounded-lg border p-3" data-testid={`settings-price-${id}`}>
                  <legend className="px-1 text-sm font-medium">{t(`plans.${id}.name`)}</legend>
                  <div className="grid grid-cols-2 gap-2">
                    <PriceField name={`prices.${id}.priceRwf`} label={t('siteSettings.price')} />
                    <PriceField name={`prices.${id}.compareAtRwf`} label={t('siteSettings.compareAt')} nullable />
                  </div>
                  <p className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground" aria-live="polite">
                    {saving?.compareAtRwf != null ? (
                      <>
                        <s>{formatRwf(saving.compareAtRwf, i18n.language)}</s>
                        {saving.savePercent != null ? <Badge variant="success">{t('plans.savePercent', { percent: saving.savePercent })}</Badge> : t('siteSettings.noBadge')}
                      </>
                    ) : (
                      t('siteSettings.noCompareAt')
                    )}
                  </p>
                </fieldset>
              );
            })}
          </div>
        </Section>

        <Section id="settings-currency-prices" title={t('siteSettings.currencyPrices')} description={t('siteSettings.currencyPricesHint')}>
          {OTHER_PRICE_CURRENCIES.map((c) => (
            <fieldset key={c} className="grid min-w-0 gap-3 rounded-lg border p-3" data-testid={`settings-prices-${c}`}>
              <legend className="px-1 text-sm font-medium">{c}</legend>
              <div className="grid gap-3 sm:grid-cols-2">
                {PLAN_IDS.map((id) => (
                  <div key={id} className="grid grid-cols-2 gap-2">
                    <MinorPriceField name={`currencyPrices.${c}.plans.${id}.price`} currency={c} label={t(`plans.${id}.name`)} />
                    <MinorPriceField name={`currencyPrices.${c}.plans.${id}.compareAt`} currency={c} label={t('siteSettings.compareAt')} nullable />
                  </div>
                ))}
                <MinorPriceField name={`currencyPrices.${c}.title`} currency={c} label={t('siteSettings.titlePrice')} />
              </div>
            </fieldset>
          ))}
        </Section>

        {isSubmitted && !isValid && (
          <p role="alert" className="text-sm text-destructive" data-testid="settings-invalid">
            {t('siteSettings.fixFields')}
          </p>
        )}
        <Button type="submit" className="justify-self-start" disabled={save.isPending}>
          {save.isPending ? t('siteSettings.saving') : t('siteSettings.save')}
        </Button>
      </form>
    </FormProvider>
  );
}

export default SettingsTab;
