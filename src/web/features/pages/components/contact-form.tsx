import { zodResolver } from '@hookform/resolvers/zod';
import { Send } from 'lucide-react';
import { useState, useSyncExternalStore } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { CONTACT_LIMITS, contactBody, type ContactBody } from '../../../../shared/contracts/contact';
import { Button } from '../../../components/ui/button';
import { Input, Textarea } from '../../../components/ui/input';
import { FieldError, Label } from '../../../components/ui/label';
import { errorMessage } from '../../../lib/error-message';
import { useSendContact } from '../api/send-contact';
import { PAGES_NS } from '../texts';

type TextField = 'firstName' | 'lastName' | 'email' | 'subject';
const EMPTY: ContactBody = { firstName: '', lastName: '', email: '', subject: '', message: '' };
const FIELDS = Object.keys(EMPTY) as (keyof ContactBody)[];
const noSubscribe = () => () => {};

/**
 * The Contact form (docs/product/viewer.md §2: first name, last name, email, subject, message). Validated with the
 * same zod contract as the server; sends POST /api/contact; a toast confirms and the form empties. Field errors
 * are shown translated (`pages:contact.errors.<field>`), server errors through `errors.<code>`.
 *
 * Before the app has loaded it is a plain form post to /api/contact (docs/decisions/024-forms-before-hydration.md):
 * the server answers 303 to /contact?sent=1 (shown as a notice) or back to /contact?error=...&invalid=... with the
 * fields typed, which the form shows again with translated errors. While the browser sends it, the button shows
 * "Sending..." (CSS on the form's `aria-busy`, set by the drawn page's script, ssr.ts FORM_BUSY_SCRIPT).
 */
export function ContactForm({ defaults }: { defaults?: Partial<ContactBody> }) {
  const { t } = useTranslation(PAGES_NS);
  const { t: tApp } = useTranslation();
  const send = useSendContact();
  const [search] = useSearchParams();
  const [returnShown, setReturnShown] = useState(true);
  const hydrated = useSyncExternalStore(noSubscribe, () => true, () => false);
  const returned = Object.fromEntries(FIELDS.flatMap((f) => (search.get(f) ? [[f, search.get(f)!]] : [])));
  const rawCode = search.get('error');
  const code = rawCode && /^[a-z_]{1,40}$/.test(rawCode) ? rawCode : null;
  const invalid = new Set((search.get('invalid') ?? '').split(','));
  const form = useForm<ContactBody>({ resolver: zodResolver(contactBody), defaultValues: { ...EMPTY, ...defaults, ...returned }, mode: 'onTouched' });
  const errors = { ...(returnShown ? Object.fromEntries(FIELDS.filter((f) => invalid.has(f)).map((f) => [f, true])) : {}), ...form.formState.errors };

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await send.mutateAsync(values);
      toast.success(t('contact.sent'), { description: t('contact.sentText') });
      form.reset({ ...EMPTY, ...defaults });
    } catch (error) {
      toast.error(t('contact.failed'), { description: errorMessage(t, error) });
    }
  });

  const field = (name: TextField, type = 'text', autoComplete?: string, max: number = CONTACT_LIMITS.name) => (
    <div className="grid gap-2">
      <Label htmlFor={`contact-${name}`}>{t(`contact.fields.${name}`)}</Label>
      <Input
        id={`contact-${name}`}
        type={type}
        autoComplete={autoComplete}
        maxLength={max}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `contact-${name}-error` : undefined}
        // Drawn on the server too (react-hook-form fills fields only once it runs): the defaults and what was sent back.
        defaultValue={form.formState.defaultValues?.[name] ?? ''}
        {...form.register(name)}
      />
      <FieldError id={`contact-${name}-error`}>{errors[name] ? t(`contact.errors.${name}`) : undefined}</FieldError>
    </div>
  );

  return (
    <form
      method="post"
      action="/api/contact"
      data-busy-on-submit=""
      aria-busy={send.isPending || undefined}
      noValidate
      onSubmit={(e) => {
        setReturnShown(false);
        void onSubmit(e);
      }}
      className="group/form grid gap-4"
      aria-labelledby="contact-form-title"
    >
      <h2 id="contact-form-title" className="text-2xl font-bold">
        {t('contact.formTitle')}
      </h2>
      {returnShown && code ? (
        <div role="alert" className="rounded-md border border-destructive/50 bg-destructive/10 p-3 text-sm">
          <p className="font-medium">{t('contact.failed')}</p>
          <p className="text-muted-foreground">{tApp(`errors.${code}`, { retryAfterSeconds: Number(search.get('retry')) || undefined, defaultValue: tApp('errors.unknown') })}</p>
        </div>
      ) : returnShown && search.get('sent') === '1' ? (
        <div role="status" className="rounded-md border border-primary/40 bg-primary/10 p-3 text-sm">
          <p className="font-medium">{t('contact.sent')}</p>
          <p className="text-muted-foreground">{t('contact.sentText')}</p>
        </div>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        {field('firstName', 'text', 'given-name')}
        {field('lastName', 'text', 'family-name')}
      </div>
      {field('email', 'email', 'email', CONTACT_LIMITS.email)}
      {field('subject', 'text', undefined, CONTACT_LIMITS.subject)}
      <div className="grid gap-2">
        <Label htmlFor="contact-message">{t('contact.fields.message')}</Label>
        <Textarea
          id="contact-message"
          rows={6}
          maxLength={CONTACT_LIMITS.message}
          aria-invalid={errors.message ? true : undefined}
          aria-describedby={errors.message ? 'contact-message-error' : undefined}
          defaultValue={form.formState.defaultValues?.message ?? ''}
          {...form.register('message')}
        />
        <FieldError id="contact-message-error">{errors.message ? t('contact.errors.message') : undefined}</FieldError>
      </div>
      <Button type="submit" disabled={send.isPending} className="justify-self-start group-aria-busy/form:pointer-events-none group-aria-busy/form:opacity-70">
        <Send aria-hidden="true" />
        {hydrated ? (
          send.isPending ? t('contact.sending') : t('contact.send')
        ) : (
          <>
            <span className="group-aria-busy/form:hidden">{t('contact.send')}</span>
            <span className="hidden group-aria-busy/form:inline">{t('contact.sending')}</span>
          </>
        )}
      </Button>
    </form>
  );
}
