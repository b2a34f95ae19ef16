import { useTranslation } from 'react-i18next';
import type { Country } from '../../../../shared/domain/countries';
import { Label } from '../../../components/ui/label';

/**
 * "Paying from: Rwanda | Uganda", shown only when operators of more than one country are offered
 * (docs/decisions/043-payment-methods-countries-and-currencies.md). A native select: it works on every phone, with
 * the system's own picker.
 */
export function PayCountryPicker({ countries, value, onChange, id = 'pay-country' }: { countries: readonly Country[]; value: Country; onChange: (c: Country) => void; id?: string }) {
  const { t } = useTranslation();
  if (countries.length < 2) return null;
  return (
    <div className="flex flex-wrap items-center justify-center gap-2 text-sm">
      <Label htmlFor={id}>{t('billing.payFrom')}</Label>
      <select
        id={id}
        name="country"
        value={value}
        onChange={(e) => onChange(e.target.value as Country)}
        className="h-9 rounded-md border bg-background px-2 text-sm"
        data-testid="pay-country"
      >
        {countries.map((c) => (
          <option key={c} value={c}>
            {t(`billing.countries.${c}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
