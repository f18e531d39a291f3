/**
 * The console's side menu: the dashboard, the games waiting for reviews, one entry per resource
 * that has a list (as react-admin builds it), then the pages that are not resources, such as the
 * site settings.
 */
import SettingsIcon from '@mui/icons-material/Settings';
import { Menu, useTranslate } from 'react-admin';
import { SettingsPage } from '@/console/resources/settings/SettingsPage';
import { PendingReviewsMenu } from './PendingReviewsMenu';

export function ConsoleMenu() {
  const translate = useTranslate();
  return (
    <Menu>
      <Menu.DashboardItem />
      <PendingReviewsMenu />
      <Menu.ResourceItems />
      <Menu.Item
        to={SettingsPage.path}
        primaryText={translate('resources.settings.name')}
        leftIcon={<SettingsIcon />}
      />
    </Menu>
  );
}
