// GET /api/v1/games/{gameId}/report?format=json|csv|xlsx – a live game's report, for its host and admins.
import { gameParams, reportQuery } from "@/core/report/schema";
import { apiRoute } from "@/server/api";
import { reportResponse } from "@/server/report-files";
import { gameReport } from "@/server/reports";

export const dynamic = "force-dynamic";

export const GET = apiRoute<{ gameId: string }, typeof reportQuery>({ params: gameParams, query: reportQuery }, async ({ params, query }) => {
  const view = await gameReport(params.gameId);
  return reportResponse(view, query.format, { kind: "game", id: view.game.pin, title: view.game.quizTitle });
});
