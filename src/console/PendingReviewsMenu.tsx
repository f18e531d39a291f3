/**
 * Menu entries for the games with registrations waiting for a review: one per game, with the
 * number as a badge (visible with the menu folded) and in the text (read by screen readers and
 * phones). Nothing shows while no team waits.
 */
import Badge from '@mui/material/Badge';
import HowToRegIcon from '@mui/icons-material/HowToReg';
import { Menu, useTranslate } from 'react-admin';
import { consolePaths } from './paths';
import { usePendingReviews } from './usePendingReviews';

export function PendingReviewsMenu() {
  const translate = useTranslate();
  const { data: games = [] } = usePendingReviews();
  return games.map(({ gameId, title, pending }) => (
    <Menu.Item
      key={gameId}
      to={consolePaths.review(gameId)}
      primaryText={translate('console.pending_reviews', { smart_count: pending, game: title })}
      leftIcon={
        // the text says the number already: the badge is for the eye (and a folded menu)
        <Badge
          badgeContent={pending}
          color="error"
          max={99}
          slotProps={{ badge: { 'aria-hidden': true } }}
        >
          <HowToRegIcon />
        </Badge>
      }
    />
  ));
}
