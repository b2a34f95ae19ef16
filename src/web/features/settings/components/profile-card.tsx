import { Loader2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { ProfileView } from '../../../../shared/contracts/accounts';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { isApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { useUpdateProfile } from '../api/profile';
import { PhoneVerification } from './phone-verification';

/**
 * Profile card (docs/product/viewer.md §2): email read-only ("Email cannot be changed"), full name and phone saved as
 * typed (section 5: no validation), Update Profile with "Profile Updated" / "Update Failed" (section 8); the saved
 * phone's verification for recovery by SMS (phone-verification.tsx, ADR 021 amended 2026-11-28).
 */
export function ProfileCard({ profile }: { profile: ProfileView }) {
  const { t } = useTranslation();
  const [fullName, setFullName] = useState(profile.fullName);
  const [phone, setPhone] = useState(profile.phone ?? '');
  const update = useUpdateProfile();

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('settings.profileTitle')}</CardTitle>
        <CardDescription>{t('settings.profileText')}</CardDescription>
      </CardHeader>
      <CardContent>
        <form
          className="grid gap-4"
          onSubmit={(e) => {
            e.preventDefault();
            update.mutate(
              { fullName, phone },
              {
                onSuccess: ({ profile: saved }) => {
                  setFullName(saved.fullName);
                  setPhone(saved.phone ?? '');
                  toast.success(t('settings.profileUpdated'), { description: t('settings.profileUpdatedText') });
                },
                onError: (error) => {
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
            <Input id="settings-full-name" autoComplete="name" maxLength={120} value={fullName} onChange={(e) => setFullName(e.target.value)} />
          </div>
          <div className="grid gap-2">
            <Label htmlFor="settings-phone">{t('settings.phone')}</Label>
            <Input id="settings-phone" type="tel" autoComplete="tel" maxLength={20} value={phone} onChange={(e) => setPhone(e.target.value)} />
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
