import { z } from "../zod";

/** `?format=` of a report: JSON for scripts and the page, CSV or .xlsx for a spreadsheet. */
export const reportQuery = z.object({ format: z.enum(["json", "csv", "xlsx"]).default("json") });
export type ReportFormat = z.infer<typeof reportQuery>["format"];

/** The `{gameId}` of /api/v1/games/{gameId}/report: a UUID, or no such game. */
export const gameParams = z.object({ gameId: z.uuid() });
