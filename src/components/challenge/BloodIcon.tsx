/**
 * The one mark of a first, second and third blood wherever it shows (the scoreboard, the challenge
 * cards, the notices): a trophy, a medal and a ribbon in gold, silver and bronze. Shapes differ as
 * well as colours; the colours are darker on light backgrounds so they keep a 3:1 contrast.
 */
import type { ComponentType } from 'react';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import { useTheme, type Theme } from '@mui/material/styles';
import EmojiEventsIcon from '@mui/icons-material/EmojiEvents';
import MilitaryTechIcon from '@mui/icons-material/MilitaryTech';
import WorkspacePremiumIcon from '@mui/icons-material/WorkspacePremium';

export type Blood = 'FirstBlood' | 'SecondBlood' | 'ThirdBlood';

export const BLOOD_ICONS: Record<Blood, ComponentType<SvgIconProps>> = {
  FirstBlood: EmojiEventsIcon,
  SecondBlood: WorkspacePremiumIcon,
  ThirdBlood: MilitaryTechIcon,
};

const MEDALS = {
  light: { FirstBlood: '#a56c00', SecondBlood: '#6b7280', ThirdBlood: '#9a4a1c' },
  dark: { FirstBlood: '#ffc53d', SecondBlood: '#cbd2d9', ThirdBlood: '#e0955f' },
} as const;

export const bloodColour = (blood: Blood, theme: Theme): string =>
  MEDALS[theme.palette.mode][blood];

export interface BloodIconProps extends Omit<SvgIconProps, 'color'> {
  blood: Blood;
}

/** The icon of a blood in its colour (give it `titleAccess` to name it for screen readers). */
export function BloodIcon({ blood, sx, ...props }: BloodIconProps) {
  const theme = useTheme();
  const Icon = BLOOD_ICONS[blood];
  return (
    <Icon
      {...props}
      sx={[{ color: bloodColour(blood, theme) }, ...(Array.isArray(sx) ? sx : [sx])]}
    />
  );
}
