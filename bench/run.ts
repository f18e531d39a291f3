/**
 * `npm run bench [-- <scenario>]`: runs one benchmark scenario. `basic` (the default) measures a
 * few representative requests against an in-process server; `event` seeds a 1,000-team game and
 * measures a live event against Vexil in its own process (bench/event/main.ts); `builds` times the
 * scoreboard worker's builds of that game's board (bench/boardBuilds.ts); `containers` has teams
 * start their challenge containers in the same second on Docker and a swarm
 * (bench/containers/main.ts); `hubs` pushes notices and board updates to thousands of hub sockets
 * (bench/hubs/main.ts). Options go after the name (`-- containers --help`). Record results in
 * README.md.
 */
const scenarios: Record<string, () => Promise<unknown>> = {
  basic: () => import('./basic.js'),
  event: () => import('./event/main.js'),
  builds: () => import('./boardBuilds.js'),
  containers: () => import('./containers/main.js'),
  hubs: () => import('./hubs/main.js'),
};

const name = process.argv[2] ?? 'basic';
const scenario = scenarios[name];
if (!scenario) {
  console.error(
    `Unknown bench scenario "${name}"; choose one of: ${Object.keys(scenarios).join(', ')}`,
  );
  process.exit(2);
}
await scenario();
