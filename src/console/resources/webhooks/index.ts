/** The `webhooks` resource of the console: `<Resource name="webhooks" {...webhooks} />`. */
import WebhookIcon from '@mui/icons-material/Webhook';
import type { Webhook } from '@/api/types';
import { WebhookCreate } from './WebhookCreate';
import { WebhookEdit } from './WebhookEdit';
import { WebhookList } from './WebhookList';
import { WebhookShow } from './WebhookShow';

const webhooks = {
  list: WebhookList,
  create: WebhookCreate,
  edit: WebhookEdit,
  show: WebhookShow,
  icon: WebhookIcon,
  recordRepresentation: (record: Pick<Webhook, 'name'>) => record.name,
};

export default webhooks;
