import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { get, useController, useFormContext, type FieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { minorPerMajor } from '../../../../shared/domain/countries';
import { Input, Textarea } from '../../../components/ui/input';
import { FieldError as FieldErrorText, Label } from '../../../components/ui/label';

/** What a field holds, which picks its translated error (`siteSettings.errors.<kind>`). */
export type FieldKind = 'text' | 'phone' | 'email' | 'url' | 'time' | 'country' | 'price' | 'list';

/**
 * The translated error of a settings field: the shared contract's messages are English, so the text is chosen by
 * the rule broken (required, too long, closing before opening) or else by what the field holds. Errors the server
 * sent back (`type: 'server'`) are shown the same way.
 */
export function settingsErrorText(t: TFunction, kind: FieldKind, error: FieldError | undefined): string | undefined {
  if (!error) return undefined;
  const message = error.message ?? '';
  if (message === 'Required') return t('siteSettings.errors.required');
  if (message === 'Closing must be after opening') return t('siteSettings.errors.closeAfterOpen');
  if (kind !== 'price' && (error.type === 'too_big' || /at most/i.test(message))) return t(kind === 'list' ? 'siteSettings.errors.tooMany' : 'siteSettings.errors.tooLong');
  return t(`siteSettings.errors.${kind}`);
}

/** `a.b.0.c` → `settings-a-b-0-c`: the id of the input of a form path. */
export const fieldId = (name: string) => `settings-${name.replace(/\./g, '-')}`;

/** A labelled text input (or textarea) registered at `name`, with its translated error and an optional hint. */
export function TextField({ name, label, kind = 'text', hint, type = 'text', multiline, inputMode }: { name: string; label: string; kind?: FieldKind; hint?: string; type?: string; multiline?: boolean; inputMode?: 'tel' | 'email' | 'url' | 'text' }) {
  const { t } = useTranslation();
  const { register, formState } = useFormContext();
  const error = get(formState.errors, name) as FieldError | undefined;
  const id = fieldId(name);
  const described = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ') || undefined;
  const common = { id, 'aria-invalid': error ? true : undefined, 'aria-describedby': described, ...register(name, { setValueAs: (v: unknown) => (v == null ? '' : v) }) };
  return (
    <div className="grid min-w-0 gap-2">
      <Label htmlFor={id}>{label}</Label>
      {multiline ? <Textarea rows={3} {...common} /> : <Input type={type} inputMode={inputMode} {...common} />}
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      <FieldErrorText id={`${id}-error`}>{settingsErrorText(t, kind, error)}</FieldErrorText>
    </div>
  );
}

/** A whole number of RWF at `name`; empty is null when `nullable` (no compare-at price), else not a number (refused). */
export function PriceField({ name, label, nullable }: { name: string; label: string; nullable?: boolean }) {
  const { t } = useTranslation();
  const { register, formState } = useFormContext();
  const error = get(formState.errors, name) as FieldError | undefined;
  const id = fieldId(name);
  return (
    <div className="grid min-w-0 gap-1">
      <Label htmlFor={id} className="text-xs">
        {label}
      </Label>
      <Input
        id={id}
        type="number"
        inputMode="numeric"
        min={1}
        step={1}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...register(name, { setValueAs: (v: unknown) => (v === '' || v == null ? (nullable ? null : Number.NaN) : Number(v)) })}
      />
      <FieldErrorText id={`${id}-error`}>{settingsErrorText(t, 'price', error)}</FieldErrorText>
    </div>
  );
}

/**
 * A price kept in integer minor units at `name`, typed in major units: UGX whole, USD with cents ("4.99" is kept as
 * 499; ISO 4217 exponents, docs/decisions/043-payment-methods-countries-and-currencies.md). Empty is null when
 * `nullable`, else not a number (refused by the contract).
 */
export function MinorPriceField({ name, label, currency, nullable }: { name: string; label: string; currency: string; nullable?: boolean }) {
  const { t } = useTranslation();
  const { field, fieldState } = useController({ name });
  const scale = minorPerMajor(currency);
  const decimals = Math.round(Math.log10(scale));
  const id = fieldId(name);
  const value = field.value as number | null | undefined;
  const shown = typeof value === 'number' && Number.isFinite(value) ? (value / scale).toFixed(decimals) : '';
  return (
    <div className="grid min-w-0 gap-1">
      <Label htmlFor={id} className="text-xs">
        {label} ({currency})
      </Label>
      <Input
        id={id}
        type="number"
        inputMode={decimals ? 'decimal' : 'numeric'}
        min={1 / scale}
        step={1 / scale}
        defaultValue={shown}
        onBlur={field.onBlur}
        onChange={(e) => {
          const v = e.target.value.trim();
          field.onChange(v === '' ? (nullable ? null : Number.NaN) : Math.round(Number(v) * scale));
        }}
        aria-invalid={fieldState.error ? true : undefined}
        aria-describedby={fieldState.error ? `${id}-error` : undefined}
      />
      <FieldErrorText id={`${id}-error`}>{settingsErrorText(t, 'price', fieldState.error)}</FieldErrorText>
    </div>
  );
}

/** One day's opening hours at `name`: open (two times) or closed (null). */
export function DayHours({ name, label, fallback }: { name: string; label: string; fallback: { open: string; close: string } }) {
  const { t } = useTranslation();
  const { field, fieldState } = useController({ name });
  const value = field.value as { open: string; close: string } | null;
  const id = fieldId(name);
  const closeError = get(fieldState.error, 'close') as FieldError | undefined;
  const openError = get(fieldState.error, 'open') as FieldError | undefined;
  const error = closeError ?? openError;
  return (
    <fieldset className="grid gap-2 rounded-lg border p-3">
      <legend className="px-1 text-sm font-medium">{label}</legend>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" className="size-4 accent-[var(--primary)]" checked={value !== null} onChange={(e) => field.onChange(e.target.checked ? fallback : null)} />
        {t('siteSettings.hoursOpen')}
      </label>
      {value && (
        <div className="flex flex-wrap items-end gap-3">
          <div className="grid gap-1">
            <Label htmlFor={`${id}-open`} className="text-xs">
              {t('siteSettings.opens')}
            </Label>
            <Input id={`${id}-open`} type="time" className="w-32" value={value.open} aria-invalid={openError ? true : undefined} onChange={(e) => field.onChange({ ...value, open: e.target.value })} />
          </div>
          <div className="grid gap-1">
            <Label htmlFor={`${id}-close`} className="text-xs">
              {t('siteSettings.closes')}
            </Label>
            <Input id={`${id}-close`} type="time" className="w-32" value={value.close} aria-invalid={closeError ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} onChange={(e) => field.onChange({ ...value, close: e.target.value })} />
          </div>
        </div>
      )}
      <FieldErrorText id={`${id}-error`}>{settingsErrorText(t, 'time', error)}</FieldErrorText>
    </fieldset>
  );
}

/** A titled group of fields. */
export function Section({ id, title, children, description }: { id: string; title: string; description?: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="grid min-w-0 gap-4 rounded-xl border p-4">
      <div className="grid gap-1">
        <h3 id={id} className="font-semibold">
          {title}
        </h3>
        {description && <p className="text-sm text-muted-foreground">{description}</p>}
      </div>
      {children}
    </section>
  );
}
