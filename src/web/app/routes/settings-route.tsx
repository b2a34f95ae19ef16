import { useMe } from '../../features/accounts/api/get-me';
import { SettingsPage } from '../../features/settings/routes/settings-page';

/** /settings: the account settings (settings) told about the viewer's current pass (accounts). */
export function SettingsRoute() {
  const me = useMe();
  return <SettingsPage pass={me.data?.pass ?? null} />;
}

export default SettingsRoute;
