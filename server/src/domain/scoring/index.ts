/** Pure scoring rules: dynamic scores, blood bonus, ranking, time lines and the whole board. */
export * from './adjustments.js';
export * from './bloodBonus.js';
export * from './categories.js';
export * from './challenges.js';
export * from './dynamicScore.js';
export * from './freeze.js';
export * from './ranking.js';
export * from './scoreboard.js';
export * from './solves.js';
export * from './timeLines.js';
export * from './types.js';
