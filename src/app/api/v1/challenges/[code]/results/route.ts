// GET /api/v1/challenges/{code}/results?format=json|csv – every attempt at a challenge, for its owner and admins.
import { NextResponse } from "next/server";
import { resultsCsv, resultsFileName } from "@/core/challenge/results";
import { challengeState } from "@/core/challenge/rules";
import { challengeParams, challengeResultsQuery } from "@/core/challenge/schema";
import { apiRoute } from "@/server/api";
import { challengeResults } from "@/server/challenges";

export const dynamic = "force-dynamic";

export const GET = apiRoute<{ code: string }, typeof challengeResultsQuery>(
  { params: challengeParams, query: challengeResultsQuery },
  async ({ params, query }) => {
    const { challenge: c, attempts, now } = await challengeResults(params.code);
    if (query.format === "csv") {
      return new Response(resultsCsv(attempts), {
        headers: {
          "content-type": "text/csv; charset=utf-8",
          "content-disposition": `attachment; filename="${resultsFileName(c.code, now)}"`,
          "cache-control": "no-store",
        },
      });
    }
    return NextResponse.json(
      {
        code: c.code,
        quiz: { slug: c.quiz.slug, title: c.quiz.title },
        opensAt: c.opensAt.toISOString(),
        closesAt: c.closesAt.toISOString(),
        attemptsAllowed: c.attemptsAllowed,
        scoring: c.scoring,
        state: challengeState(c, now),
        attempts: attempts.map((a) => ({ ...a, startedAt: a.startedAt.toISOString(), finishedAt: a.finishedAt?.toISOString() ?? null })),
      },
      { headers: { "cache-control": "no-store" } },
    );
  },
);
