// GET /api/v1/challenges/{code}/report?format=json|csv|xlsx – a challenge's report, for its owner and admins.
import { challengeParams } from "@/core/challenge/schema";
import { reportQuery } from "@/core/report/schema";
import { apiRoute } from "@/server/api";
import { reportResponse } from "@/server/report-files";
import { challengeReport } from "@/server/reports";

export const dynamic = "force-dynamic";

export const GET = apiRoute<{ code: string }, typeof reportQuery>({ params: challengeParams, query: reportQuery }, async ({ params, query }) => {
  const view = await challengeReport(params.code);
  return reportResponse(view, query.format, { kind: "challenge", id: view.challenge.code, title: view.challenge.quizTitle });
});
