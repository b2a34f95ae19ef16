import { zodResolver } from '@hookform/resolvers/zod';
import { Send } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
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

/**
 * The Contact form (viewer spec section 2: first name, last name, email, subject, message). Validated with the
 * same zod contract as the server; sends POST /api/contact; a toast confirms and the form empties. Field errors
 * are shown translated (`pages:contact.errors.<field>`), server errors through `errors.<code>`.
 */
export function ContactForm({ defaults }: { defaults?: Partial<ContactBody> }) {
  const { t } = useTranslation(PAGES_NS);
  const send = useSendContact();
  const form = useForm<ContactBody>({ resolver: zodResolver(contactBody), defaultValues: { ...EMPTY, ...defaults }, mode: 'onTouched' });
  const { errors } = form.formState;

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
        {...form.register(name)}
      />
      <FieldError id={`contact-${name}-error`}>{errors[name] ? t(`contact.errors.${name}`) : undefined}</FieldError>
    </div>
  );

  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)} className="grid gap-4" aria-labelledby="contact-form-title">
      <h2 id="contact-form-title" className="text-2xl font-bold">
        {t('contact.formTitle')}
      </h2>
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
          {...form.register('message')}
        />
        <FieldError id="contact-message-error">{errors.message ? t('contact.errors.message') : undefined}</FieldError>
      </div>
      <Button type="submit" disabled={send.isPending} className="justify-self-start">
        <Send aria-hidden="true" />
        {send.isPending ? t('contact.sending') : t('contact.send')}
      </Button>
    </form>
  );
}
