/** The `logs` resource of the console: `<Resource name="logs" {...logs} />`, read only. */
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import type { LogRecord } from '@/console/data/logRoutes';
import { LogList } from './LogList';

const logs = {
  list: LogList,
  icon: ReceiptLongIcon,
  recordRepresentation: (record: LogRecord) => record.msg ?? record.id,
};

export default logs;
