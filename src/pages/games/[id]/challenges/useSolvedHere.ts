/**
 * The challenges whose flag was accepted in this browser, for what the board does not count: a
 * solve the board has not caught up with (kept for the visit), and practice-mode solves after the
 * end, which the board never counts; those are remembered in local storage per game and team, so
 * a reload or another visit still shows them solved.
 */
import { useCallback, useMemo, useState } from 'react';

const storageKey = (gameId: number, teamId: number) => `vexil.practiceSolves.${gameId}.${teamId}`;

function readStored(key: string): number[] {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(key) ?? '[]');
    return Array.isArray(value) ? value.filter((id): id is number => Number.isInteger(id)) : [];
  } catch {
    return [];
  }
}

function store(key: string, ids: ReadonlySet<number>) {
  try {
    localStorage.setItem(key, JSON.stringify([...ids]));
  } catch {
    // storage full or refused: the visit still shows the solve
  }
}

export function useSolvedHere(
  gameId: number,
  teamId: number | undefined,
  practice: boolean,
): [ReadonlySet<number>, (challengeId: number) => void] {
  const key = practice && teamId !== undefined ? storageKey(gameId, teamId) : undefined;
  const [visit, setVisit] = useState<ReadonlySet<number>>(new Set());
  // what earlier visits stored (read again after each solve of this one, which also stores it)
  const solved = useMemo(
    () => (key ? new Set([...readStored(key), ...visit]) : visit),
    [key, visit],
  );

  const add = useCallback(
    (challengeId: number) => {
      if (key) store(key, new Set([...readStored(key), challengeId]));
      setVisit((current) => new Set(current).add(challengeId));
    },
    [key],
  );
  return [solved, add];
}
