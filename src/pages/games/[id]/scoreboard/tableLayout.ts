/**
 * Geometry shared by the scoreboard table's head and rows: the rank and team columns stay put
 * (sticky) while the challenge columns scroll sideways, and the two head rows stay on top.
 */
import { alpha, type Theme } from '@mui/material/styles';

/** The rank column's exact width: the team column sticks right after it. */
export const RANK_WIDTH = 60;
/** The team column's least width; it takes the room left over, up to TEAM_CONTENT_MAX. */
export const TEAM_WIDTH = { xs: 120, sm: 200 } as const;
/** Longest a team cell's content gets (longer names are cut with an ellipsis). */
export const TEAM_CONTENT_MAX = { xs: 118, sm: 330 } as const;
export const CHALLENGE_WIDTH = 40;
/** Height of the category row of the head; the challenge row sticks right under it. */
export const CATEGORY_ROW_HEIGHT = 34;

/** The rank cell: exactly RANK_WIDTH wide, whatever its content. */
export const rankCell = {
  width: RANK_WIDTH,
  minWidth: RANK_WIDTH,
  maxWidth: RANK_WIDTH,
  px: 1,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
} as const;

/** Score and solves take the room their numbers need, leaving the rest to the team names. */
export const narrowCell = { width: '1%', whiteSpace: 'nowrap' } as const;

/** A cell that stays at `left` while the row scrolls sideways. */
export const stickyLeft = (left: number, head = false) => ({
  position: 'sticky' as const,
  left,
  zIndex: head ? 3 : 1,
  backgroundColor: head ? 'background.default' : 'background.paper',
});

/** The caller's row: tinted, and opaque even in the sticky cells that scroll over others. */
export const callerRowSx = (theme: Theme) => {
  const tint = alpha(theme.palette.primary.main, theme.palette.mode === 'dark' ? 0.22 : 0.12);
  return { backgroundImage: `linear-gradient(${tint}, ${tint})` };
};
