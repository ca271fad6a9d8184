import "server-only";
import ExcelJS from "exceljs";
import { GRADEBOOK_LABELS_EN, gradebookTable, type Gradebook, type GradebookLabels } from "@/core/classes/rules";
import { csvDocument } from "@/core/csv";

const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/** The gradebook's file name: the class code and the day, ASCII only. */
export const gradebookFileName = (code: string, now: Date, ext: "csv" | "xlsx") => `quizdeck-class-${code}-gradebook-${now.toISOString().slice(0, 10)}.${ext}`;

/** The gradebook as an .xlsx (ExcelJS, as the reports): one Gradebook sheet, numbers as numbers, text never a formula. */
export async function gradebookXlsx(g: Gradebook, title: string, labels: GradebookLabels = GRADEBOOK_LABELS_EN): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  book.creator = "Quizdeck";
  book.title = title;
  const t = gradebookTable(g, labels);
  const ws = book.addWorksheet("Gradebook", { views: [{ state: "frozen", ySplit: 1, xSplit: 1 }] });
  ws.columns = t.header.map((header, i) => ({ header, key: `c${i}`, width: i === 0 ? 24 : 14 }));
  ws.getRow(1).font = { bold: true };
  for (const row of t.rows) ws.addRow(row.map((cell) => cell ?? undefined));
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** The gradebook in the asked format: the JSON given, or a CSV (formula-safe) or .xlsx download, its headers in `labels`' language. */
export async function gradebookResponse(
  json: unknown,
  g: Gradebook,
  format: "json" | "csv" | "xlsx",
  file: { code: string; title: string; labels?: GradebookLabels },
): Promise<Response> {
  const labels = file.labels ?? GRADEBOOK_LABELS_EN;
  const headers = { "cache-control": "no-store" };
  if (format === "json") return Response.json(json, { headers });
  const disposition = { "content-disposition": `attachment; filename="${gradebookFileName(file.code, new Date(), format)}"` };
  if (format === "csv") {
    const t = gradebookTable(g, labels);
    return new Response(csvDocument(t.header, t.rows), { headers: { ...headers, ...disposition, "content-type": "text/csv; charset=utf-8" } });
  }
  const body = await gradebookXlsx(g, file.title, labels);
  return new Response(new Uint8Array(body), { headers: { ...headers, ...disposition, "content-type": XLSX_TYPE } });
}
