import { Loader2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { updateProfileBody, type ProfileView } from '../../../../shared/contracts/accounts';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { FieldError, Label } from '../../../components/ui/label';
import { fieldErrors, isApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { useUpdateProfile } from '../api/profile';
import { PhoneVerification } from './phone-verification';

type ProfileField = 'fullName' | 'phone';
const FIELD_IDS: Record<ProfileField, string> = { fullName: 'settings-full-name', phone: 'settings-phone' };

/**
 * What is wrong with the profile's fields, as locale keys, by the contract the server applies (`updateProfileBody`:
 * a full name, and a phone that is empty or an operator's number; docs/decisions/055-a-new-viewers-findings.md).
 * Fields the server named (`validation_failed`) map the same way. Empty when all is well.
 */
export function profileProblems(values: { fullName: string; phone: string }): Partial<Record<ProfileField, string>> {
  const parsed = updateProfileBody.safeParse(values);
  if (parsed.success) return {};
  const out: Partial<Record<ProfileField, string>> = {};
  for (const issue of parsed.error.issues) {
    const name = issue.path[0];
    if (name === 'fullName' || name === 'phone') out[name] ??= issue.code === 'too_big' ? 'validation.tooLong' : `validation.${name}`;
  }
  return out;
}

/**
 * Profile card (docs/product/viewer.md §2): email read-only ("Email cannot be changed"), full name and phone; an empty
 * name or a phone that is no operator's number is said under its field, which is marked invalid, and nothing is sent
 * (ADR 055, in place of section 5's "no validation"); Update Profile with "Profile Updated" / "Update Failed"
 * (section 8); the saved phone's verification for recovery by SMS (phone-verification.tsx, ADR 021 amended 2026-11-28).
 */
export function ProfileCard({ profile }: { profile: ProfileView }) {
  const { t } = useTranslation();
  const [fullName, setFullName] = useState(profile.fullName);
  const [phone, setPhone] = useState(profile.phone ?? '');
  const update = useUpdateProfile();
  const [problems, setProblems] = useState<Partial<Record<ProfileField, string>>>({});
  const show = (found: Partial<Record<ProfileField, string>>) => {
    setProblems(Object.fromEntries(Object.entries(found).map(([k, key]) => [k, t(key)])));
    const first = (['fullName', 'phone'] as const).find((k) => found[k]);
    if (first) document.getElementById(FIELD_IDS[first])?.focus();
  };
  const invalid = (name: ProfileField) => ({
    'aria-invalid': problems[name] ? true : undefined,
    'aria-describedby': problems[name] ? `${FIELD_IDS[name]}-error` : undefined,
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('settings.profileTitle')}</CardTitle>
        <CardDescription>{t('settings.profileText')}</CardDescription>
      </CardHeader>
      <CardContent>
        <form
          className="grid gap-4"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            const local = profileProblems({ fullName, phone });
            if (Object.keys(local).length) return show(local);
            setProblems({});
            update.mutate(
              { fullName, phone },
              {
                onSuccess: ({ profile: saved }) => {
                  setFullName(saved.fullName);
                  setPhone(saved.phone ?? '');
                  toast.success(t('settings.profileUpdated'), { description: t('settings.profileUpdatedText') });
                },
                onError: (error) => {
                  const named = Object.keys(fieldErrors(error)).filter((k): k is ProfileField => k in FIELD_IDS);
                  if (named.length) return show(Object.fromEntries(named.map((k) => [k, `validation.${k}`])));
                  const message = isApiError(error) && error.status < 500 ? errorMessage(t, error) : t('settings.updateFailedText');
                  toast.error(t('settings.updateFailed'), { description: message });
                },
              },
            );
          }}
        >
          <div className="grid gap-2">
            <Label htmlFor="settings-email">{t('settings.email')}</Label>
            <Input id="settings-email" type="email" value={profile.email} readOnly disabled aria-describedby="settings-email-hint" />
            <p id="settings-email-hint" className="text-xs text-muted-foreground">
              {t('settings.emailReadOnly')}
            </p>
          </div>
          <div className="grid gap-2">
            <Label htmlFor="settings-full-name">{t('settings.fullName')}</Label>
            <Input id="settings-full-name" autoComplete="name" maxLength={120} value={fullName} onChange={(e) => setFullName(e.target.value)} {...invalid('fullName')} />
            <FieldError id="settings-full-name-error">{problems.fullName}</FieldError>
          </div>
          <div className="grid gap-2">
            <Label htmlFor="settings-phone">{t('settings.phone')}</Label>
            <Input id="settings-phone" type="tel" autoComplete="tel" maxLength={20} value={phone} onChange={(e) => setPhone(e.target.value)} {...invalid('phone')} />
            <FieldError id="settings-phone-error">{problems.phone}</FieldError>
            {/* Verification is of the phone as saved (ADR 021, amended 2026-11-28); a server without it sends no flag. */}
            {profile.phone && phone === profile.phone && profile.phoneVerified !== undefined && <PhoneVerification key={profile.phone} verified={profile.phoneVerified} />}
          </div>
          <Button type="submit" className="w-full sm:w-fit" disabled={update.isPending}>
            {update.isPending && <Loader2 className="animate-spin" aria-hidden="true" />}
            {t('settings.updateProfile')}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
