import { useMe } from '../../features/accounts/api/get-me';
import { DataSaverSettings } from '../../features/player/components/data-saver-settings';
import { SettingsPage } from '../../features/settings/routes/settings-page';

/** /settings: the account settings (settings) told about the viewer's current pass (accounts), with the data saver (player). */
export function SettingsRoute() {
  const me = useMe();
  return <SettingsPage pass={me.data?.pass ?? null} playback={<DataSaverSettings />} />;
}

export default SettingsRoute;
