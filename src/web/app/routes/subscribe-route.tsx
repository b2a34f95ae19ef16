import { useMe } from '../../features/accounts/api/get-me';
import { SubscribePage } from '../../features/billing/routes/subscribe-page';

/** /subscribe: the plans page (billing) told about the viewer and their current pass (accounts). */
export function SubscribeRoute() {
  const me = useMe();
  return <SubscribePage pass={me.data?.pass ?? null} signedIn={!!me.data?.user} />;
}

export default SubscribeRoute;
