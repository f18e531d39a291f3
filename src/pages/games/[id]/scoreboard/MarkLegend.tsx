/** What the marks in the table mean: first, second and third blood, and a plain solve. */
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { SolveIcon, type SolveKind } from '@/components/scoreboard/SolveMark';

const KINDS: readonly SolveKind[] = ['FirstBlood', 'SecondBlood', 'ThirdBlood', 'Normal'];

export function MarkLegend() {
  const { t } = useTranslation();
  return (
    <Stack
      component="ul"
      direction="row"
      aria-label={t('scoreboard.marks.legend')}
      useFlexGap
      sx={{ flexWrap: 'wrap', columnGap: 2, rowGap: 0.5, listStyle: 'none', p: 0, m: 0 }}
    >
      {KINDS.map((kind) => (
        <Stack
          key={kind}
          component="li"
          direction="row"
          spacing={0.5}
          sx={{ alignItems: 'center' }}
        >
          <SolveIcon kind={kind} fontSize="small" />
          <Typography variant="body2" color="text.secondary">
            {t(`scoreboard.marks.${kind}`)}
          </Typography>
        </Stack>
      ))}
    </Stack>
  );
}
