import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TFunction } from 'i18next';
import type { RedeemedVoucher } from '../../../../shared/contracts/vouchers';
import { isPlanId } from '../../../../shared/domain/plans';
import { parseVoucherCode, type VoucherCodeProblem } from '../../../../shared/domain/voucher-code';
import { Button } from '../../../components/ui/button';
import { CodeField } from '../../../components/ui/code-field';
import { isApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { BUSY_BUTTON, BusyLabel, useFormReturn } from '../../../lib/form-return';
import { useRedeemVoucher } from '../api/redeem-voucher';

const KIGALI_OFFSET_MS = 2 * 3_600_000;

/**
 * An instant as `YYYY-MM-DD HH:MM` in Kigali time (UTC+2, no DST). Written by hand, not by Intl, so the page drawn on
 * the server and the page hydrated in the browser print the same text (docs/decisions/014-server-rendering.md).
 */
export function kigaliDateTime(iso: string): string {
  return new Date(Date.parse(iso) + KIGALI_OFFSET_MS).toISOString().slice(0, 16).replace('T', ' ');
}

/** The text of a refused redemption, from its error code and details (docs/decisions/042-vouchers.md). */
export function refusalText(t: TFunction, code: string, details: { problem?: unknown; byYou?: unknown; retryAfterSeconds?: unknown } = {}): string {
  if (code === 'voucher_malformed' && typeof details.problem === 'string') return t(`vouchers.problems.${details.problem}`);
  if (code === 'voucher_used' && details.byYou === true) return t('vouchers.usedByYou');
  if (code === 'voucher_locked') {
    const seconds = Number(details.retryAfterSeconds);
    return t('errors.voucher_locked', { retryAfterMinutes: Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds / 60) : 60 });
  }
  return t(`errors.${code}`, { retryAfterSeconds: details.retryAfterSeconds, defaultValue: t('errors.unknown') });
}

/** The pass a form post answered 303 reported in the URL (vouchers.routes.ts), or null when there is none. */
function doneFromUrl(search: URLSearchParams): RedeemedVoucher | null {
  const plan = search.get('redeemed');
  const [starts, ends, until] = ['starts', 'ends', 'until'].map((k) => search.get(k) ?? '');
  const valid = (s: string) => s !== '' && Number.isFinite(Date.parse(s));
  return plan && isPlanId(plan) && valid(starts!) && valid(ends!) && valid(until!) ? { plan, startsAt: starts!, endsAt: ends!, passesEndAt: until! } : null;
}

/**
 * The voucher form of /redeem (docs/product/viewer.md §10; docs/decisions/042-vouchers.md): one field, "Voucher code",
 * checked by its check character before anything is sent (src/shared/domain/voucher-code.ts), then redeemed; it says
 * which pass was added and until when.
 *
 * Before the app has loaded it is a plain form post to /api/vouchers/redeem (docs/decisions/024-forms-before-
 * hydration.md): the server answers 303 to /redeem?redeemed=<plan>&starts=…&ends=…&until=…, which this form shows as
 * done, or back with `error` (and the code typed, for a typo), which it shows again.
 */
export function RedeemForm() {
  const { t } = useTranslation();
  const returned = useFormReturn();
  const [value, setValue] = useState(returned.value('code'));
  const [problem, setProblem] = useState<string | null>(() => {
    if (!returned.code) return null;
    const typedProblem = returned.code === 'voucher_malformed' ? problemOf(returned.value('code')) : undefined;
    return refusalText(t, returned.code, { problem: typedProblem, retryAfterSeconds: returned.retryAfterSeconds });
  });
  const [done, setDone] = useState<RedeemedVoucher | null>(() => doneFromUrl(returned.search));
  const redeem = useRedeemVoucher();

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = parseVoucherCode(value);
    if (!parsed.ok) return setProblem(t(`vouchers.problems.${parsed.problem}`));
    setProblem(null);
    try {
      setDone(await redeem.mutateAsync({ code: parsed.code }));
      setValue('');
    } catch (err) {
      setProblem(isApiError(err) ? refusalText(t, err.code, (err.details ?? {}) as Record<string, unknown>) : errorMessage(t, err));
    }
  };

  if (done) {
    const queued = Date.parse(done.startsAt) > Date.now() + 60_000;
    return (
      <div className="grid gap-3" role="status" data-testid="voucher-redeemed">
        <h2 className="text-lg font-semibold">{t('vouchers.doneTitle', { plan: t(`plans.${done.plan}.name`) })}</h2>
        <p className="text-sm">{queued ? t('vouchers.doneQueued', { start: kigaliDateTime(done.startsAt), end: kigaliDateTime(done.endsAt) }) : t('vouchers.doneNow', { end: kigaliDateTime(done.endsAt) })}</p>
        {done.passesEndAt !== done.endsAt && <p className="text-sm text-muted-foreground">{t('vouchers.doneUntil', { until: kigaliDateTime(done.passesEndAt) })}</p>}
        <div className="flex flex-wrap gap-2">
          <Button asChild>
            <Link to="/billing">{t('vouchers.toBilling')}</Link>
          </Button>
          {/* A link, so it works before the app has loaded too (back to an empty form). */}
          <Button variant="outline" asChild>
            <Link to="/redeem" onClick={() => setDone(null)}>
              {t('vouchers.another')}
            </Link>
          </Button>
        </div>
      </div>
    );
  }

  return (
    <form method="post" action="/api/vouchers/redeem" data-busy-on-submit="" aria-busy={redeem.isPending || undefined} onSubmit={(e) => void onSubmit(e)} noValidate className="group/form grid gap-4">
      <CodeField id="voucher-code" name="code" label={t('vouchers.codeLabel')} value={value} onChange={setValue} problem={problem} hint={t('vouchers.codeHint')} />
      <Button type="submit" disabled={redeem.isPending} className={`w-full ${BUSY_BUTTON}`}>
        <BusyLabel busy={redeem.isPending} idle={t('vouchers.redeem')} working={t('vouchers.redeeming')} />
      </Button>
    </form>
  );
}

/** The problem of a code typed (for a form sent back with `voucher_malformed`), or undefined when it has none. */
function problemOf(typed: string): VoucherCodeProblem | undefined {
  const r = parseVoucherCode(typed);
  return r.ok ? undefined : r.problem;
}
