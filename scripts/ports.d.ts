export function readPort(args: readonly string[], env: Record<string, string | undefined>, fallback: number): number;
export function busyPortMessage(port: number, command: string): string;
export function isPortFree(port: number): Promise<boolean>;
