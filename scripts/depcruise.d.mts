import type { ICruiseResult } from "dependency-cruiser";

export function cruiseLayers(paths: string[], options?: { root?: string; cache?: boolean }): Promise<ICruiseResult>;
