/** The `ssoProviders` resource of the console (issue 26): `<Resource name="ssoProviders" … />`. */
import KeyIcon from '@mui/icons-material/VpnKey';
import type { Schemas } from '@/api/types';
import { SsoProviderCreate } from './SsoProviderCreate';
import { SsoProviderEdit } from './SsoProviderEdit';
import { SsoProviderList } from './SsoProviderList';

const ssoProviders = {
  list: SsoProviderList,
  create: SsoProviderCreate,
  edit: SsoProviderEdit,
  icon: KeyIcon,
  recordRepresentation: (record: Pick<Schemas['SsoProviderModel'], 'name'>) => record.name,
};

export default ssoProviders;
