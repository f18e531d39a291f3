/**
 * Whether the shown board is a frozen one (its `frozenAt`): the caller's own row on it then counts
 * the team's solves since the freeze, which other rows do not, and says so.
 */
import { createContext } from 'react';

export const FrozenBoard = createContext(false);
