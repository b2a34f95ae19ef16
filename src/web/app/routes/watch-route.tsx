import { useMe } from '../../features/accounts/api/get-me';
import { BuyTitle } from '../../features/billing/components/buy-title';
import { WatchPage } from '../../features/catalog/routes/watch-page';
import { prestartPlayback } from '../../features/player/hooks/use-signed-playback';

/**
 * /watch/:id: the movie's page (catalog) with "Buy this title" (billing) for a viewer without a pass (accounts); a
 * signed-out visitor sees its price and is led to sign in to buy (ADR 054).
 * Watch Now asks for the signed URL as it is pressed (player), while the player page is still loading (ADR 030).
 */
export function WatchRoute() {
  const me = useMe();
  const pass = me.data?.pass ?? null;
  const signedIn = !!me.data?.user;
  return <WatchPage extraActions={(m) => <BuyTitle movie={m} pass={pass} signedIn={signedIn} />} onWatch={signedIn ? (id) => prestartPlayback({ id }) : undefined} />;
}

export default WatchRoute;
