/**
 * The framed preview of a console image (the game poster, the site logo): the image chosen or
 * stored, or a line saying there is none. The frame's size and how the image fills it are the
 * caller's (a poster covers a 16:9 frame, a logo fits inside a short one).
 */
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';

export function ImagePreviewFrame({
  src,
  alt,
  none,
  frame,
  image,
}: {
  src: string | null | undefined;
  alt: string;
  /** Said when there is no image. */
  none: string;
  frame: SxProps<Theme>;
  image: SxProps<Theme>;
}) {
  return (
    <Box
      sx={[
        {
          borderRadius: 1,
          border: 1,
          borderColor: 'divider',
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          overflow: 'hidden',
          bgcolor: 'action.hover',
        },
        ...(Array.isArray(frame) ? frame : [frame]),
      ]}
    >
      {src ? (
        <Box component="img" src={src} alt={alt} sx={image} />
      ) : (
        <Typography color="text.secondary">{none}</Typography>
      )}
    </Box>
  );
}
