/** The `instances` resource of the console: `<Resource name="instances" {...instances} />`. */
import DnsIcon from '@mui/icons-material/Dns';
import { instanceLabel } from '@/console/data/instanceRoutes';
import { InstanceList } from './InstanceList';

const instances = {
  list: InstanceList,
  icon: DnsIcon,
  recordRepresentation: instanceLabel,
};

export default instances;
