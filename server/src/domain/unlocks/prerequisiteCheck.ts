/**
 * The checks of a challenge's new prerequisites (issue 25), before anything is stored: every id
 * names a challenge of the same game, the challenge does not need itself, directly or through
 * others (a cycle would lock every challenge on it for ever), and "any N" asks no more than the
 * list holds. Each refusal is a 400 whose title names what is wrong. Pure.
 */

/** What a prerequisite id names: a challenge of this game, of another, or nothing. */
export interface KnownChallenge {
  id: number;
  gameId: number;
  title: string;
}

export interface PrerequisiteInput {
  challengeId: number;
  gameId: number;
  prerequisites: readonly number[];
  prerequisiteCount: number;
  /** The challenges the ids name (any game); an id missing here is unknown. */
  known: ReadonlyMap<number, KnownChallenge>;
  /** The game's stored prerequisite lists, by challenge (this challenge's is replaced). */
  edges: ReadonlyMap<number, readonly number[]>;
  /** Titles of the game's challenges, to name a cycle. */
  titles: ReadonlyMap<number, string>;
}

const quoted = (title: string) => `"${title}"`;

/** The first problem (a 400 title), or null. */
export function prerequisiteProblem(input: PrerequisiteInput): string | null {
  const { challengeId, gameId, prerequisites, known } = input;
  const foreign: string[] = [];
  for (const id of prerequisites) {
    const challenge = known.get(id);
    if (!challenge) foreign.push(`${id} (unknown)`);
    else if (challenge.gameId !== gameId)
      foreign.push(`${id} ${quoted(challenge.title)} (another game)`);
  }
  if (foreign.length > 0) {
    return `Prerequisites must be challenges of this game: ${foreign.join(', ')}`;
  }
  if (prerequisites.includes(challengeId)) {
    const title = input.titles.get(challengeId) ?? String(challengeId);
    return `A challenge cannot require itself: ${quoted(title)}`;
  }
  const distinct = new Set(prerequisites).size;
  if (input.prerequisiteCount > distinct) {
    return `The prerequisite count (${input.prerequisiteCount}) is more than the ${distinct} prerequisites`;
  }
  const cycle = cycleThrough(challengeId, prerequisites, input.edges);
  if (cycle) {
    const names = cycle.map((id) => quoted(input.titles.get(id) ?? String(id)));
    return `Prerequisites would make a cycle: ${names.join(' → ')}`;
  }
  return null;
}

/**
 * A path challengeId → … → challengeId through the new list and the other stored lists, or null.
 * Depth-first from each new prerequisite; each challenge is visited once.
 */
export function cycleThrough(
  challengeId: number,
  prerequisites: readonly number[],
  edges: ReadonlyMap<number, readonly number[]>,
): number[] | null {
  const next = (id: number) => (id === challengeId ? prerequisites : (edges.get(id) ?? []));
  const seen = new Set<number>();
  const path: number[] = [challengeId];
  const walk = (id: number): boolean => {
    if (id === challengeId) return true;
    if (seen.has(id)) return false;
    seen.add(id);
    path.push(id);
    for (const required of next(id)) if (walk(required)) return true;
    path.pop();
    return false;
  };
  for (const required of prerequisites) {
    if (walk(required)) return [...path, challengeId];
  }
  return null;
}
