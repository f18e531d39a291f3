/** The team's avatar, or its initial when it has none. */
import Avatar from '@mui/material/Avatar';
import { useRecordContext } from 'react-admin';
import type { TeamInfo } from '@/api/types';

export function TeamAvatar({ size = 32 }: { size?: number }) {
  const record = useRecordContext<TeamInfo>();
  if (!record) return null;
  return (
    <Avatar
      src={record.avatar ?? undefined}
      alt=""
      variant="rounded"
      sx={{ width: size, height: size, fontSize: size / 2 }}
    >
      {record.name?.slice(0, 1).toUpperCase()}
    </Avatar>
  );
}
