// GET /host/[gameId]/report – the game's report as CSV, for its host only.
import { z } from "zod";
import { report, reportToCsv } from "@/core/live/engine";
import { AppError, toErrorBody } from "@/server/errors";
import { findGame, storedGameState } from "@/server/hosted-games";
import { getViewer } from "@/server/viewer";

export const dynamic = "force-dynamic";

function errorResponse(err: AppError) {
  return Response.json(toErrorBody(err), { status: err.status });
}

export async function GET(_req: Request, { params }: { params: Promise<{ gameId: string }> }) {
  const { gameId } = await params;
  const viewer = await getViewer();
  if (!viewer) return errorResponse(new AppError("unauthorized"));
  if (!z.uuid().safeParse(gameId).success) return errorResponse(new AppError("not_found"));
  const game = await findGame(gameId);
  if (!game?.snapshot) return errorResponse(new AppError("not_found"));
  if (game.hostId !== viewer.id) return errorResponse(new AppError("forbidden", "Only the host of this game can download its report."));
  // The snapshot (written at every reveal and at the end) with the answers' own rows.
  const loaded = await storedGameState(game);
  if (!loaded.ok) return errorResponse(new AppError("internal_error"));
  const state = loaded.value.state;
  const csv = reportToCsv(report(state));
  const date = new Date(state.startedAt ?? state.createdAt).toISOString().slice(0, 10);
  return new Response(csv, {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="quizdeck-game-${game.pin}-${date}.csv"`,
      "cache-control": "no-store",
    },
  });
}
