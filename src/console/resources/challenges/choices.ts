/** Choices shared by the challenge pages; enum values come from the spec. Route parameters: data/kit.ts. */
import { enumChoices } from '@/api/validation';
import type { ChallengeType } from '@/api/types';

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
