import { useMe } from '../../features/accounts/api/get-me';
import { useBillingHistory } from '../../features/billing/api/get-history';
import { SubscribePage } from '../../features/billing/routes/subscribe-page';

/**
 * /subscribe: the plans page (billing) told about the viewer and their current pass (accounts), and, once read,
 * the passes queued behind it (billing history), so each plan says what buying it would do (ADR 019).
 */
export function SubscribeRoute() {
  const me = useMe();
  const signedIn = !!me.data?.user;
  const history = useBillingHistory(signedIn);
  return <SubscribePage pass={(signedIn && history.data?.pass) || me.data?.pass || null} signedIn={signedIn} />;
}

export default SubscribeRoute;
