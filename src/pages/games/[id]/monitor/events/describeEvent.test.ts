import { describe, expect, it } from 'vitest';
import { buildGameEvent } from '@/test/builders';
import { describeEvent } from './describeEvent';

describe('describeEvent', () => {
  it('reads the values of each event type', () => {
    expect(
      describeEvent(buildGameEvent({ values: ['Accepted', 'flag{x}', 'Web 1', '11'] })),
    ).toEqual({ kind: 'flag', result: 'Accepted', answer: 'flag{x}', challenge: 'Web 1' });
    expect(
      describeEvent(buildGameEvent({ type: 'ContainerDestroy', values: ['12', 'Pwn 1'] })),
    ).toEqual({ kind: 'container', challenge: 'Pwn 1', started: false });
    expect(
      describeEvent(buildGameEvent({ type: 'CheatDetected', values: ['Pwn 1', 'A', 'B'] })),
    ).toEqual({ kind: 'cheat', challenge: 'Pwn 1', ownerTeam: 'B' });
    expect(describeEvent(buildGameEvent({ type: 'Normal', values: ['hello', 'there'] }))).toEqual({
      kind: 'text',
      challenge: null,
      text: 'hello there',
    });
  });

  it('copes with missing values', () => {
    expect(describeEvent(buildGameEvent({ values: [] }))).toEqual({
      kind: 'flag',
      result: 'WrongAnswer',
      answer: '',
      challenge: '',
    });
  });
});
