import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../components/ui/spinner';
import { useMe } from '../../features/accounts/api/get-me';
import { PasswordInput } from '../../features/accounts/components/password-input';
import { GiftPage } from '../../features/gifts/routes/gift-page';

const NEW_ACCOUNT = { PasswordInput };

/**
 * /gift?code=… (docs/decisions/046-gifts.md; docs/product/viewer.md §11): open to everyone. Signed in, the gifts
 * page claims the code for the viewer as before; signed out, it offers to claim it with a new account, with the
 * accounts feature's password field. Which of the two is decided once, when the session is first known, so the
 * page does not switch under a visitor whose new account just signed in.
 */
export function GiftRoute() {
  const { t } = useTranslation();
  const me = useMe();
  const [signedOut, setSignedOut] = useState<boolean | null>(null);
  if (signedOut === null && me.data) setSignedOut(!me.data.user);
  if (me.isError && signedOut === null) throw me.error;
  if (signedOut === null) return <Spinner label={t('common.loading')} />;
  return signedOut ? <GiftPage newAccount={NEW_ACCOUNT} /> : <GiftPage />;
}

export default GiftRoute;
