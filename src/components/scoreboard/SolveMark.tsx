/**
 * The mark of one solve on the board: a trophy, medal or ribbon for the first, second and third
 * blood, a check for any other solve. Shapes differ as well as colours, the icon is labelled for
 * screen readers, and hovering shows the kind, time and points.
 */
import Tooltip from '@mui/material/Tooltip';
import { useTheme, type Theme } from '@mui/material/styles';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import type { ScoreboardSolve, SubmissionType } from '@/api/types';
import { formatDateTime } from '@/lib/time/format';
import { BLOOD_ICONS, bloodColour } from '@/components/challenge/BloodIcon';

export type SolveKind = Exclude<SubmissionType, 'Unaccepted'>;

/** The bloods' marks are the ones of the whole site (cards, notices): one symbol each. */
const ICONS: Record<SolveKind, ComponentType<SvgIconProps>> = {
  ...BLOOD_ICONS,
  Normal: CheckCircleIcon,
};

export function markColour(kind: SolveKind, theme: Theme): string {
  return kind === 'Normal' ? theme.palette.success.main : bloodColour(kind, theme);
}

/** A solve's kind; the board never lists `Unaccepted`, but a stray one counts as a plain solve. */
export const solveKind = (type: SubmissionType): SolveKind =>
  type === 'Unaccepted' ? 'Normal' : type;

/** e.g. "First blood · Jan 15, 2027, 8:03 AM · 525 points" */
export function useSolveDescription() {
  const { t, i18n } = useTranslation();
  return (solve: ScoreboardSolve) =>
    t('scoreboard.marks.describe', {
      kind: t(`scoreboard.marks.${solveKind(solve.type)}`),
      time: formatDateTime(solve.time, i18n.language),
      points: t('scoreboard.team.points', { count: solve.score }),
    });
}

export interface SolveIconProps extends Omit<SvgIconProps, 'color'> {
  kind: SolveKind;
}

/** The bare icon of a kind, for legends and lists (decorative unless given a label). */
export function SolveIcon({ kind, sx, ...props }: SolveIconProps) {
  const theme = useTheme();
  const Icon = ICONS[kind];
  return (
    <Icon
      aria-hidden
      {...props}
      sx={[{ color: markColour(kind, theme) }, ...(Array.isArray(sx) ? sx : [sx])]}
    />
  );
}

export function SolveMark({ solve }: { solve: ScoreboardSolve }) {
  const describe = useSolveDescription();
  const label = describe(solve);
  return (
    <Tooltip title={label} placement="top" arrow disableInteractive>
      <SolveIcon
        kind={solveKind(solve.type)}
        role="img"
        aria-hidden={false}
        aria-label={label}
        fontSize="small"
        sx={{ verticalAlign: 'middle' }}
      />
    </Tooltip>
  );
}
