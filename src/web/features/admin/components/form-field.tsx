import type { ReactNode } from 'react';
import { FieldError, Label } from '../../../components/ui/label';
import { cn } from '../../../lib/cn';

/**
 * One field of the title forms (ADR 056; the pattern of ADR 055): its label (a required field's label ends in a red
 * "*" drawn by CSS, so the label's text stays the field's name), the control, and its error beside it. `error` is
 * already translated; `id` is the control's id, the error's is `${id}-error`.
 */
export function FormField({ id, label, required = false, error, wide = false, children }: { id: string; label: string; required?: boolean; error?: string; wide?: boolean; children: ReactNode }) {
  return (
    <div className={cn('grid gap-2', wide && 'sm:col-span-2')}>
      <Label htmlFor={id} className={cn(required && "after:ml-0.5 after:text-destructive after:content-['*']")}>
        {label}
      </Label>
      {children}
      <FieldError id={`${id}-error`}>{error}</FieldError>
    </div>
  );
}

/** The control's own attributes for FormField: id, `required` and aria-required, and when wrong aria-invalid and aria-describedby. */
export function controlProps(id: string, error: string | undefined, required = false) {
  return {
    id,
    ...(required ? { required: true, 'aria-required': true as const } : {}),
    ...(error ? { 'aria-invalid': true as const, 'aria-describedby': `${id}-error` } : {}),
  };
}
