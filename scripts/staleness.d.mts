export function isStale(root: string, output: string, inputs: readonly string[]): boolean;
export const WEB_INPUTS: readonly string[];
export const SERVER_INPUTS: readonly string[];
