/** Name and bio of a team, validated with the spec's limits (TeamUpdateModel in formMeta). */
import { fieldValidator } from '@/api/validation';

export const teamValidators = {
  // a team needs a name on creation, and an empty name would not change it on update
  name: fieldValidator('TeamUpdateModel', 'name', { required: true }),
  bio: fieldValidator('TeamUpdateModel', 'bio'),
};

export type TeamValues = Record<keyof typeof teamValidators, string>;
