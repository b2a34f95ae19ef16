import { Eye, EyeOff } from 'lucide-react';
import { useState, type ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { Input } from '../../../components/ui/input';
import { FieldError, Label } from '../../../components/ui/label';

/**
 * A labelled password field with its own show/hide toggle (docs/product/viewer.md §2, security card). `error`, when
 * given, is said under the field (`{id}-error`), which is marked invalid and described by it (ADR 055).
 */
export function PasswordField({ id, label, error, ...props }: Omit<ComponentProps<'input'>, 'type' | 'id'> & { id: string; label: string; error?: string }) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <div className="relative">
        <Input
          id={id}
          type={visible ? 'text' : 'password'}
          className="pr-11"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          {...props}
        />
        <button
          type="button"
          className="absolute inset-y-0 right-0 flex w-11 items-center justify-center rounded-r-md text-muted-foreground hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
          onClick={() => setVisible((v) => !v)}
          aria-label={visible ? t('settings.hidePassword', { field: label }) : t('settings.showPassword', { field: label })}
          aria-pressed={visible}
        >
          {visible ? <EyeOff className="size-4" aria-hidden="true" /> : <Eye className="size-4" aria-hidden="true" />}
        </button>
      </div>
      <FieldError id={`${id}-error`}>{error}</FieldError>
    </div>
  );
}
