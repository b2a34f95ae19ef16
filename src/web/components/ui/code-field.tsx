import { Input } from './input';
import { FieldError, Label } from './label';

/**
 * A field for a code typed from paper or a message (a voucher's, a gift's: docs/decisions/042-vouchers.md and
 * 046-gifts.md): capitals, monospace, no autocomplete or spell check, and its problem (or hint) read with it.
 */
export function CodeField({ id, name, label, value, onChange, problem, hint }: { id: string; name: string; label: string; value: string; onChange: (v: string) => void; problem: string | null; hint?: string }) {
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        name={name}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        className="font-mono uppercase tracking-wider"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${id}-error` : hint ? `${id}-hint` : undefined}
      />
      {!problem && hint && (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      <FieldError id={`${id}-error`}>{problem ?? undefined}</FieldError>
    </div>
  );
}
