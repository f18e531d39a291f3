// Chromium fails every request under way with net::ERR_NETWORK_CHANGED when the machine's
// interfaces change (it listens to the kernel's address and link notifications). A container
// started or removed by a test goes on changing them after the engine has answered: the host end
// of its veth gets its IPv6 link-local address about a second later (duplicate address
// detection), and a bridge left without ports reports its lost carrier a second later (the
// kernel's link watch). A journey that opens pages in that second loses them. So journeys wait,
// before the browser starts and after they start or remove containers, until no such change is
// pending: a condition read from the kernel, not a pause.
import { readFile, readdir } from 'node:fs/promises';

/** IFA_F_TENTATIVE: an IPv6 address still in duplicate address detection. */
const TENTATIVE = 0x40;

const read = (path: string) => readFile(path, 'utf8').then((text) => text.trim());

/** Interfaces with an IPv6 address still tentative (`/proc/net/if_inet6`: flags in column 5). */
async function tentativeAddresses(): Promise<string[]> {
  const table = await read('/proc/net/if_inet6').catch(() => '');
  return table
    .split('\n')
    .map((line) => line.trim().split(/\s+/))
    .filter((columns) => columns.length >= 6 && (parseInt(columns[4], 16) & TENTATIVE) !== 0)
    .map((columns) => `${columns[5]} (address being checked)`);
}

/**
 * Interfaces whose carrier changed without the change announced yet: the carrier flag moves at
 * once, the operational state (and the notification Chromium reads) only when the link watch runs.
 */
async function unannouncedCarriers(): Promise<string[]> {
  const names = await readdir('/sys/class/net').catch(() => [] as string[]);
  const pending: string[] = [];
  for (const name of names) {
    // `carrier` cannot be read while the interface is administratively down: nothing to announce.
    const carrier = await read(`/sys/class/net/${name}/carrier`).catch(() => null);
    const state = await read(`/sys/class/net/${name}/operstate`).catch(() => null);
    if (carrier === null || state === null || state === 'unknown') continue;
    if ((carrier === '1') !== (state === 'up'))
      pending.push(`${name} (carrier ${carrier}, ${state})`);
  }
  return pending;
}

/** What is still about to change on the machine's interfaces (empty: settled). */
export async function pendingNetworkChanges(): Promise<string[]> {
  return [...(await tentativeAddresses()), ...(await unannouncedCarriers())];
}

/**
 * Resolves once no interface change is pending. The bound is for a machine whose interfaces never
 * settle (one flapping): the journey then goes on as it would have without the wait, and says why.
 */
export async function settledNetwork(bound = 30_000): Promise<void> {
  const giveUp = Date.now() + bound;
  let pending = await pendingNetworkChanges();
  while (pending.length > 0 && Date.now() < giveUp) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    pending = await pendingNetworkChanges();
  }
  if (pending.length > 0) console.warn(`Interfaces still changing: ${pending.join(', ')}`);
}
