import { useMe } from '../../features/accounts/api/get-me';
import { BuyTitle } from '../../features/billing/components/buy-title';
import { WatchPage } from '../../features/catalog/routes/watch-page';

/** /watch/:id: the movie's page (catalog) with "Buy this title" (billing) for a viewer without a pass (accounts). */
export function WatchRoute() {
  const me = useMe();
  const pass = me.data?.pass ?? null;
  return <WatchPage extraActions={(m) => <BuyTitle movie={m} pass={pass} />} />;
}

export default WatchRoute;
