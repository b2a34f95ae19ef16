import { Gift } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { giftRecipient, type GiftRecipient } from '../../../../shared/contracts/gifts';
import type { Country } from '../../../../shared/domain/countries';
import { INTERFACE_LANGUAGES, languageOfTag, type LanguageCode } from '../../../../shared/domain/languages';
import { parseMsisdn, sanitizeMsisdnInput } from '../../../../shared/domain/msisdn';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';

/**
 * What the viewer typed of a gift on the payment step (docs/decisions/046-gifts.md, docs/product/viewer.md §4):
 * whether the pass is a gift, how the recipient is reached (email or a mobile number), both values as typed (only
 * the one `by` names is sent), and the language of the message the recipient gets.
 */
export interface GiftDraft {
  on: boolean;
  by: 'email' | 'phone';
  email: string;
  phone: string;
  language: LanguageCode;
}

/** A draft that is not a gift, its message in the interface language `tag` (a BCP 47 tag; unknown tags read as English). */
export function emptyGiftDraft(tag: string): GiftDraft {
  return { on: false, by: 'email', email: '', phone: '', language: languageOfTag(tag) };
}

/** Why a gift draft cannot be sent: the email is not an address, or the number is not a mobile number. */
export type GiftProblem = 'email' | 'phone';

/**
 * Reads a draft into the `gift` of a payment body (src/shared/contracts/gifts.ts `giftRecipient`), before any request:
 * - not a gift: `{ ok: true, gift: undefined }`;
 * - by email: checked and lower-cased by the contract's own schema;
 * - by phone: read with `parseMsisdn` in `country`, the paying country (a number with its country code may name the
 *   other one); sent as the full MSISDN (`2507XXXXXXXX`, `2567XXXXXXXX`) with the country it belongs to.
 * The number may be of any operator of that country: the recipient gets an SMS, and pays nothing.
 */
export function readGift(draft: GiftDraft, country: Country): { ok: true; gift: GiftRecipient | undefined } | { ok: false; problem: GiftProblem } {
  if (!draft.on) return { ok: true, gift: undefined };
  if (draft.by === 'email') {
    const parsed = giftRecipient.safeParse({ email: draft.email, language: draft.language });
    return parsed.success ? { ok: true, gift: parsed.data } : { ok: false, problem: 'email' };
  }
  const number = parseMsisdn(draft.phone, country);
  if (!number) return { ok: false, problem: 'phone' };
  return { ok: true, gift: { phone: number.msisdn, country: number.country, language: draft.language } };
}

/**
 * "Buy as a gift" on the payment step of a pass (never of a title; docs/decisions/046-gifts.md): a checkbox, then
 * the recipient's email or mobile number and the language of their message. Controlled: `draft` and `onChange`;
 * `problem` is the text to show under the recipient field (from `readGift`), `phonePlaceholder` the paying country's
 * number format.
 */
export function GiftFields({
  draft,
  onChange,
  problem,
  disabled,
  phonePlaceholder,
}: {
  draft: GiftDraft;
  onChange: (draft: GiftDraft) => void;
  problem: string | null;
  disabled: boolean;
  phonePlaceholder: string;
}) {
  const { t } = useTranslation();
  const set = (patch: Partial<GiftDraft>) => onChange({ ...draft, ...patch });
  return (
    <fieldset className="grid gap-3 rounded-lg border p-3" data-testid="gift-fields" disabled={disabled}>
      <legend className="sr-only">{t('billing.gift.legend')}</legend>
      <label className="flex cursor-pointer items-center gap-2 font-medium">
        <input type="checkbox" name="asGift" className="size-4 accent-primary" checked={draft.on} onChange={(e) => set({ on: e.target.checked })} />
        <Gift className="size-4" aria-hidden="true" />
        {t('billing.gift.toggle')}
      </label>
      <p className="text-xs text-muted-foreground">{t('billing.gift.toggleHint')}</p>
      {draft.on && (
        <>
          <div className="flex flex-wrap gap-4 text-sm" role="radiogroup" aria-label={t('billing.gift.sendBy')}>
            {(['email', 'phone'] as const).map((by) => (
              <label key={by} className="flex cursor-pointer items-center gap-2">
                <input type="radio" name="giftBy" value={by} className="size-4 accent-primary" checked={draft.by === by} onChange={() => set({ by })} />
                {t(`billing.gift.by.${by}`)}
              </label>
            ))}
          </div>
          <div className="grid gap-2">
            <Label htmlFor="gift-recipient">{t(`billing.gift.${draft.by}Label`)}</Label>
            {draft.by === 'email' ? (
              <Input
                id="gift-recipient"
                name="giftEmail"
                type="email"
                autoComplete="off"
                value={draft.email}
                onChange={(e) => set({ email: e.target.value })}
                aria-invalid={problem ? true : undefined}
                aria-describedby={problem ? 'gift-problem' : undefined}
              />
            ) : (
              <Input
                id="gift-recipient"
                name="giftPhone"
                type="tel"
                inputMode="numeric"
                autoComplete="off"
                placeholder={phonePlaceholder}
                value={draft.phone}
                onChange={(e) => set({ phone: sanitizeMsisdnInput(e.target.value) })}
                aria-invalid={problem ? true : undefined}
                aria-describedby={problem ? 'gift-problem' : undefined}
              />
            )}
            {problem && (
              <p id="gift-problem" role="alert" className="text-sm font-medium text-destructive">
                {problem}
              </p>
            )}
          </div>
          <div className="flex flex-wrap items-center gap-2 text-sm">
            <Label htmlFor="gift-language">{t('billing.gift.languageLabel')}</Label>
            <select
              id="gift-language"
              name="giftLanguage"
              value={draft.language}
              onChange={(e) => set({ language: e.target.value as LanguageCode })}
              className="h-9 rounded-md border bg-background px-2 text-sm"
            >
              {INTERFACE_LANGUAGES.map((l) => (
                <option key={l.code} value={l.code}>
                  {l.label}
                </option>
              ))}
            </select>
          </div>
        </>
      )}
    </fieldset>
  );
}
