/**
 * A game's poster, loaded lazily, in a fixed frame so the page does not jump while it loads. A
 * game without a poster, or whose poster fails to load, gets a drawn stand-in in the theme colour.
 */
import { useState } from 'react';
import Box from '@mui/material/Box';
import FlagIcon from '@mui/icons-material/Flag';

export interface GamePosterProps {
  src: string | null;
  /** Width / height of the frame, as CSS `aspect-ratio` (e.g. `'16 / 9'`). */
  ratio?: string | Record<string, string>;
  /** Loads at once (a page's banner) instead of when scrolled into view (a card in a grid). */
  eager?: boolean;
}

function PosterStandIn() {
  return (
    <Box
      data-testid="poster-stand-in"
      sx={(theme) => ({
        position: 'absolute',
        inset: 0,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        color: 'primary.contrastText',
        background: `linear-gradient(135deg, ${theme.palette.primary.dark}, ${theme.palette.primary.main} 60%, ${theme.palette.secondary.main})`,
      })}
    >
      <FlagIcon sx={{ fontSize: 56, opacity: 0.6 }} />
    </Box>
  );
}

export function GamePoster({ src, ratio = '16 / 9', eager = false }: GamePosterProps) {
  const [failed, setFailed] = useState<string | null>(null);
  const usable = src !== null && src !== '' && failed !== src;
  return (
    <Box
      sx={{ position: 'relative', aspectRatio: ratio, overflow: 'hidden', bgcolor: 'action.hover' }}
    >
      {usable ? (
        <Box
          component="img"
          src={src}
          // decorative: the game's title is always written next to it
          alt=""
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
          onError={() => setFailed(src)}
          sx={{ position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'cover' }}
        />
      ) : (
        <PosterStandIn />
      )}
    </Box>
  );
}
