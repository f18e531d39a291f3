/**
 * What an event's `values` say, by type (behaviour §8.2): a flag check gives its result, the
 * submitted text, the challenge title and id; a container start or stop the challenge id and
 * title; a detected cheat the challenge title, the submitting team and the team owning the flag.
 */
import type { GameEvent } from '@/api/types';

export type EventDetails =
  | { kind: 'flag'; challenge: string; result: 'Accepted' | 'WrongAnswer'; answer: string }
  | { kind: 'container'; challenge: string; started: boolean }
  | { kind: 'cheat'; challenge: string; ownerTeam: string }
  | { kind: 'text'; challenge: null; text: string };

export function describeEvent({ type, values }: GameEvent): EventDetails {
  const at = (index: number) => values[index] ?? '';
  switch (type) {
    case 'FlagSubmit':
      return {
        kind: 'flag',
        result: at(0) === 'Accepted' ? 'Accepted' : 'WrongAnswer',
        answer: at(1),
        challenge: at(2),
      };
    case 'ContainerStart':
    case 'ContainerDestroy':
      return { kind: 'container', challenge: at(1), started: type === 'ContainerStart' };
    case 'CheatDetected':
      return { kind: 'cheat', challenge: at(0), ownerTeam: at(2) };
    default:
      return { kind: 'text', challenge: null, text: values.join(' ') };
  }
}
