/** Choices and route parameters shared by the challenge pages. Enum values come from the spec. */
import { useParams } from 'react-router-dom';
import { enumChoices } from '@/api/validation';
import type { ChallengeType } from '@/api/types';
import type { ChallengeMeta, GameMeta } from '@/console/challengeRoutes';

export const categoryChoices = enumChoices('ChallengeCategory').map((category) => ({
  id: category,
  name: `resources.challenges.categories.${category}`,
}));

export const typeChoices = enumChoices('ChallengeType').map((type) => ({
  id: type,
  name: `resources.challenges.types.${type}`,
}));

export const hasContainer = (type: ChallengeType | undefined) =>
  type === 'StaticContainer' || type === 'DynamicContainer';

/** `:id` of `/games/:id/challenges…` as the nested resources' meta. */
export function useGameMeta(): GameMeta {
  const { id } = useParams();
  return { gameId: Number(id) };
}

/** `:id` and `:chalId` of `/games/:id/challenges/:chalId…`. */
export function useChallengeMeta(): ChallengeMeta {
  const { id, chalId } = useParams();
  return { gameId: Number(id), challengeId: Number(chalId) };
}
