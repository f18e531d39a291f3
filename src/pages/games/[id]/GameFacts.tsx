/** What a team should know before joining: registrations so far, team size, divisions, rules. */
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CategoryIcon from '@mui/icons-material/Category';
import DescriptionIcon from '@mui/icons-material/Description';
import GroupsIcon from '@mui/icons-material/Groups';
import KeyIcon from '@mui/icons-material/Key';
import PersonIcon from '@mui/icons-material/Person';
import SchoolIcon from '@mui/icons-material/School';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PublicGameDetail } from '@/api/types';
import { isIndividual } from '@/lib/playMode';

function Fact({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <ListItem disableGutters>
      <ListItemIcon sx={{ minWidth: 36 }} aria-hidden>
        {icon}
      </ListItemIcon>
      <ListItemText primary={children} />
    </ListItem>
  );
}

export function GameFacts({ game }: { game: PublicGameDetail }) {
  const { t } = useTranslation();
  const divisions = game.divisions ?? [];
  // alone, the team size means nothing (the server does not apply the member limit)
  const alone = isIndividual(game);
  return (
    <Stack component="section" aria-labelledby="game-facts" spacing={1}>
      <Typography id="game-facts" variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
        {t('games.facts.title')}
      </Typography>
      <List dense disablePadding>
        {alone ? (
          <>
            <Fact icon={<GroupsIcon />}>
              {t('individualPlay.facts.player_count', { count: game.teamCount })}
            </Fact>
            <Fact icon={<PersonIcon />}>{t('individualPlay.facts.alone')}</Fact>
          </>
        ) : (
          <>
            <Fact icon={<GroupsIcon />}>
              {t('games.facts.team_count', { count: game.teamCount })}
            </Fact>
            <Fact icon={<PersonIcon />}>
              {game.limit > 0
                ? t('games.facts.member_limit', { count: game.limit })
                : t('games.facts.no_member_limit')}
            </Fact>
          </>
        )}
        {game.inviteCodeRequired && <Fact icon={<KeyIcon />}>{t('games.facts.invite_only')}</Fact>}
        {game.writeupRequired && (
          <Fact icon={<DescriptionIcon />}>{t('games.facts.writeup_required')}</Fact>
        )}
        {game.practiceMode && <Fact icon={<SchoolIcon />}>{t('games.facts.practice')}</Fact>}
        {divisions.length > 0 && (
          <Fact icon={<CategoryIcon />}>
            {t('games.facts.divisions')}
            <Stack
              component="span"
              direction="row"
              spacing={0.5}
              sx={{ display: 'flex', flexWrap: 'wrap', rowGap: 0.5, mt: 0.5 }}
            >
              {divisions.map((division) => (
                <Chip key={division} size="small" label={division} component="span" />
              ))}
            </Stack>
          </Fact>
        )}
      </List>
    </Stack>
  );
}
