import "server-only";
import { PassThrough } from "node:stream";
import { finished } from "node:stream/promises";
import ExcelJS from "exceljs";
import type { GameReport } from "@/core/report/build";
import type { ReportFormat } from "@/core/report/schema";
import { playersTable, questionsTable, reportCsv, reportFileName, teamsTable, type Table } from "@/core/report/tables";

/**
 * The report's .xlsx: a Players sheet and a Questions sheet (the tables of core's report/tables),
 * written with ExcelJS's streaming writer (docs/architecture.md, "Report files"): rows are
 * written as they are added and zipped by Node's own zlib, so a 2,000-player game's file takes a
 * fraction of what the in-memory workbook (JSZip's JavaScript deflate) takes. Text cells stay
 * text: ExcelJS writes a string as a string, never as a formula, so a nickname such as "=1+1" is
 * harmless.
 */
export async function reportXlsx(r: GameReport, title: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  const stream = new PassThrough();
  stream.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = finished(stream);
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false, zip: { zlib: { level: 6 } } });
  book.creator = "Quizdeck";
  book.title = title;
  const sheet = (name: string, t: Table, widths: (header: string) => number) => {
    const ws = book.addWorksheet(name, { views: [{ state: "frozen", ySplit: 1 }] });
    ws.columns = t.header.map((header) => ({ header, key: header, width: widths(header) }));
    ws.getRow(1).font = { bold: true };
    ws.getRow(1).commit();
    for (const row of t.rows) ws.addRow(row.map((cell) => cell ?? undefined)).commit();
    ws.commit();
  };
  sheet("Players", playersTable(r), (h) => (h === "nickname" || h === "roster_name" || h.endsWith("_answer") ? 22 : 12));
  sheet("Questions", questionsTable(r), (h) => (h === "prompt" ? 48 : h === "key" || h === "most_chosen_wrong" ? 24 : 12));
  if (r.teams) sheet("Teams", teamsTable(r.teams), (h) => (h === "team" ? 16 : 12));
  await book.commit();
  await done;
  return Buffer.concat(chunks);
}

const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/** The report in the asked format: JSON as given, or a CSV or .xlsx download. */
export async function reportResponse<V extends GameReport>(
  view: V,
  format: ReportFormat,
  file: { kind: "game" | "challenge"; id: string; title: string },
): Promise<Response> {
  const headers = { "cache-control": "no-store" };
  if (format === "json") return Response.json(view, { headers });
  const name = reportFileName(file.kind, file.id, new Date(), format);
  const disposition = { "content-disposition": `attachment; filename="${name}"` };
  if (format === "csv") return new Response(reportCsv(view), { headers: { ...headers, ...disposition, "content-type": "text/csv; charset=utf-8" } });
  const body = await reportXlsx(view, file.title);
  return new Response(new Uint8Array(body), { headers: { ...headers, ...disposition, "content-type": XLSX_TYPE } });
}
