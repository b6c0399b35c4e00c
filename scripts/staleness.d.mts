/** A build: one of its output files, and the repository paths it is made of. */
export interface Build {
  output: string;
  sources: readonly string[];
}

export const APP_BUILD: Build;
export const SERVICE_BUILD: Build;
export function isStale(build: Build): boolean;
