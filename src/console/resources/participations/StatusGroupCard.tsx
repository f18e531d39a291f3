/** One status group: its name and count in the header, then a row per participation shown. */
import Card from '@mui/material/Card';
import CardHeader from '@mui/material/CardHeader';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useTranslate } from 'react-admin';
import { ParticipationRow } from './ParticipationRow';
import { useIndividualPlay } from '@/lib/playMode';
import type { StatusGroup } from './review';
import type { GameMeta } from '@/console/data/kit';

interface Props {
  group: StatusGroup;
  meta: GameMeta;
  /** Whether a filter is on: the header then says how many of the group are shown. */
  filtering: boolean;
  /** The game's divisions; none: no division column. */
  divisions: string[];
}

export function StatusGroupCard({ group, meta, filtering, divisions }: Props) {
  const showDivision = divisions.length > 0;
  const translate = useTranslate();
  const alone = useIndividualPlay();
  const status = translate(`resources.participations.statuses.${group.status}`);
  const title = filtering
    ? translate('resources.participations.group_filtered', {
        status,
        count: group.shown.length,
        total: group.total,
      })
    : translate('resources.participations.group', { status, count: group.total });
  const heading = (key: string) => translate(`resources.participations.fields.${key}`);
  const columns = showDivision ? 5 : 4;
  return (
    <Card variant="outlined" component="section" aria-label={status}>
      <CardHeader title={title} slotProps={{ title: { variant: 'h6', component: 'h3' } }} />
      {/* On a phone the fixed columns (the actions' 260 px) left the team column no width at
          all: a table with rows keeps a readable width and scrolls inside the card (its
          buttons let the keyboard scroll it; an empty one has nothing to scroll to). */}
      <TableContainer>
        <Table
          size="small"
          sx={{ tableLayout: 'fixed', minWidth: group.shown.length > 0 ? 640 : 0 }}
        >
          <TableHead>
            <TableRow>
              <TableCell sx={{ width: 56 }} />
              <TableCell sx={{ width: '30%' }}>
                {alone ? translate('individualPlay.console.player') : heading('team')}
              </TableCell>
              {showDivision && <TableCell sx={{ width: '15%' }}>{heading('division')}</TableCell>}
              <TableCell>{heading('members')}</TableCell>
              <TableCell align="right" sx={{ width: 260 }} />
            </TableRow>
          </TableHead>
          <TableBody>
            {group.shown.map((participation) => (
              <ParticipationRow
                key={participation.id}
                participation={participation}
                meta={meta}
                divisions={divisions}
                columns={columns}
              />
            ))}
            {group.shown.length === 0 && (
              <TableRow>
                <TableCell colSpan={columns} sx={{ color: 'text.secondary' }}>
                  {translate(
                    group.total === 0
                      ? 'resources.participations.none_in_group'
                      : alone
                        ? 'individualPlay.console.review_no_match'
                        : 'resources.participations.no_match',
                  )}
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
    </Card>
  );
}
