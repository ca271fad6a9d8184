import { z } from "zod";
import { quizInput } from "@/core/quiz-schema";
import { challengeFields, challengeResultsQuery } from "@/core/challenge/schema";
import {
  answerResult,
  attemptStarted,
  attemptState,
  challengeCreated,
  challengeResultsResult,
  challengeStateResult,
  errorBody,
  finishResult,
  health,
  hintResult,
  exportQuery,
  importInput,
  importResult,
  leaderboardResult,
  publicQuiz,
  quizList,
  quizListQuery,
} from "./api-schemas";
import { reportQuery } from "@/core/report/schema";
import { assignInput, classInput, gradebookQuery } from "@/core/classes/schema";
import { assignmentsResult, classListResult, classResult, gradebookResult, rosterResult } from "./class-schemas";
import { answerInput, startInput } from "./play-schemas";
import { challengeReportResult, gameReportResult } from "./report-schemas";
import { guestProgressInput, guestProgressResult, studyDueQuery, studyDueResult, studyReviewInput, studyReviewResult, studyStatsResult } from "./study-schemas";

type Operation = {
  method: "get" | "post" | "delete";
  body?: z.ZodType;
  path: string;
  summary: string;
  query?: z.ZodObject;
  pathParams?: Record<string, string>;
  /** Null: no body (204). */
  response: z.ZodType | null;
  /** Other formats the success response comes in (`?format=`), by media type: their bodies are files. */
  files?: Record<string, string>;
  status?: number;
  errors: number[];
};

const CLASS_ID = { id: "The class's id (a UUID)" };

/** /api/v1/classes (docs/rules.md §13): every operation is the class's teacher's (and admins'); anyone else gets 404. */
const CLASS_OPERATIONS: Operation[] = [
  { method: "get", path: "/api/v1/classes", summary: "The caller's classes, newest first, with their counts", response: classListResult, errors: [401] },
  {
    method: "post",
    path: "/api/v1/classes",
    summary: "Create a class (name, optional subject); its code, join link and QR code are for students to join",
    body: classInput,
    response: classResult,
    status: 201,
    errors: [401, 422, 429],
  },
  { method: "get", path: "/api/v1/classes/{id}", summary: "A class (its teacher and admins)", pathParams: CLASS_ID, response: classResult, errors: [401, 404] },
  {
    method: "delete",
    path: "/api/v1/classes/{id}",
    summary: "Delete a class with its roster, assignments and the attempts its students made in it",
    pathParams: CLASS_ID,
    response: null,
    status: 204,
    errors: [401, 404],
  },
  { method: "get", path: "/api/v1/classes/{id}/roster", summary: "The class's students, with the recovery codes of those without an account", pathParams: CLASS_ID, response: rosterResult, errors: [401, 404] },
  { method: "get", path: "/api/v1/classes/{id}/assignments", summary: "The challenges assigned to the class", pathParams: CLASS_ID, response: assignmentsResult, errors: [401, 404] },
  {
    method: "post",
    path: "/api/v1/classes/{id}/assignments",
    summary: "Assign one of the caller's challenges (by code) to the class; answers with the assignments",
    pathParams: CLASS_ID,
    body: assignInput,
    response: assignmentsResult,
    status: 201,
    errors: [401, 404, 422],
  },
  {
    method: "get",
    path: "/api/v1/classes/{id}/gradebook",
    summary: "Students × assignments: best and latest % right, attempts, not attempted; JSON, CSV or .xlsx",
    pathParams: CLASS_ID,
    query: gradebookQuery,
    response: gradebookResult,
    files: { "text/csv": "format=csv", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": "format=xlsx (binary)" },
    errors: [401, 404, 422],
  },
];

const REPORT_FILES = { "text/csv": "format=csv", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": "format=xlsx (binary)" };

/** A quiz exported as Quizdeck JSON (what POST /api/v1/imports takes back with format=json). */
const quizdeckFile = z.object({ format: z.literal("quizdeck"), version: z.int(), quiz: quizInput.omit({ slug: true }) });

/** Every route of the public API. A test checks each route file under src/app/api is listed. */
export const OPERATIONS: Operation[] = [
  {
    method: "post",
    path: "/api/v1/imports",
    summary: "Import a quiz file as a new draft (owner: the caller); Kahoot! .xlsx and Anki .apkg content is base64",
    body: importInput,
    response: importResult,
    status: 201,
    errors: [401, 422, 429],
  },
  {
    method: "get",
    path: "/api/v1/quizzes/{slug}/export",
    summary: "Export a quiz with its answers as Quizdeck JSON, CSV, GIFT or an Anki deck (.apkg, binary) (owner and admins)",
    pathParams: { slug: "The quiz's slug" },
    query: exportQuery,
    response: quizdeckFile,
    files: { "text/csv": "format=csv", "text/plain": "format=gift", "application/apkg": "format=apkg (binary)" },
    errors: [401, 403, 404, 422],
  },
  { method: "get", path: "/api/health", summary: "Service and database health", response: health, errors: [503] },
  {
    method: "get",
    path: "/api/v1/quizzes",
    summary: "List and search published public quizzes",
    query: quizListQuery,
    response: quizList,
    errors: [422],
  },
  {
    method: "get",
    path: "/api/v1/quizzes/{slug}",
    summary: "Read a published quiz with its questions, without the answer key",
    pathParams: { slug: "The quiz's slug" },
    response: publicQuiz,
    errors: [404],
  },
  {
    method: "post",
    path: "/api/v1/quizzes/{slug}/attempts",
    summary: "Start a solo attempt; answers the first question (its clock starts now). Sets the guest cookie that owns the attempt.",
    pathParams: { slug: "The quiz's slug" },
    body: startInput,
    response: attemptStarted,
    status: 201,
    errors: [404, 422],
  },
  {
    method: "get",
    path: "/api/v1/attempts/{id}",
    summary: "The attempt and its current question (first delivery starts the question's clock)",
    pathParams: { id: "The attempt id" },
    response: attemptState,
    errors: [403, 404],
  },
  {
    method: "post",
    path: "/api/v1/attempts/{id}/answers",
    summary: "Answer the current question; graded and timed on the server",
    pathParams: { id: "The attempt id" },
    body: answerInput,
    response: answerResult,
    errors: [403, 404, 409, 422],
  },
  {
    method: "post",
    path: "/api/v1/attempts/{id}/hint",
    summary: "Take the current question's hint; the question then scores half",
    pathParams: { id: "The attempt id" },
    response: hintResult,
    errors: [403, 404, 409],
  },
  {
    method: "post",
    path: "/api/v1/attempts/{id}/finish",
    summary: "End the attempt now; questions not answered score 0",
    pathParams: { id: "The attempt id" },
    response: finishResult,
    errors: [403, 404],
  },
  {
    method: "get",
    path: "/api/v1/quizzes/{slug}/leaderboard",
    summary: "Top 10 players (best finished attempt each) and the caller's own entry",
    pathParams: { slug: "The quiz's slug" },
    response: leaderboardResult,
    errors: [404],
  },
  {
    method: "post",
    path: "/api/v1/challenges",
    summary: "Hand out a published quiz the caller may see as a self-paced challenge (members; 30 a minute)",
    body: challengeFields,
    response: challengeCreated,
    status: 201,
    errors: [401, 404, 422, 429],
  },
  {
    method: "get",
    path: "/api/v1/challenges/{code}",
    summary: "A challenge: its quiz, window and state, the caller's attempts used, and its leaderboard",
    pathParams: { code: "The challenge's code (case and dashes ignored)" },
    response: challengeStateResult,
    errors: [404],
  },
  {
    method: "post",
    path: "/api/v1/challenges/{code}/attempts",
    summary:
      "Start an attempt at a challenge (answers like POST /api/v1/quizzes/{slug}/attempts; then play it with the attempt endpoints). 409 challenge_closed outside its window, 409 no_attempts_left when the caller has used them all.",
    pathParams: { code: "The challenge's code" },
    body: startInput,
    response: attemptStarted,
    status: 201,
    errors: [404, 409, 422, 429],
  },
  {
    method: "get",
    path: "/api/v1/challenges/{code}/results",
    summary: "Every attempt at a challenge, first started first, as JSON or CSV (its owner and admins)",
    pathParams: { code: "The challenge's code" },
    query: challengeResultsQuery,
    response: challengeResultsResult,
    files: { "text/csv": "format=csv" },
    errors: [401, 403, 404, 422],
  },
  {
    method: "get",
    path: "/api/v1/challenges/{code}/report",
    summary:
      "A challenge's report: players × questions (each player's best finished attempt), each question's % right and answer distribution, who needs attention; JSON, CSV or .xlsx (its owner and admins)",
    pathParams: { code: "The challenge's code" },
    query: reportQuery,
    response: challengeReportResult,
    files: REPORT_FILES,
    errors: [401, 403, 404, 422],
  },
  {
    method: "get",
    path: "/api/v1/games/{gameId}/report",
    summary:
      "A live game's report: players × questions, each question's % right and answer distribution, who needs attention; JSON, CSV or .xlsx (its host and admins)",
    pathParams: { gameId: "The game's id (a UUID)" },
    query: reportQuery,
    response: gameReportResult,
    files: REPORT_FILES,
    errors: [401, 403, 404, 422],
  },
  {
    method: "get",
    path: "/api/v1/study/due",
    summary: "The caller's study cards due now (optionally of one quiz), soonest first, without answer keys",
    query: studyDueQuery,
    response: studyDueResult,
    errors: [401, 404, 422],
  },
  {
    method: "post",
    path: "/api/v1/study/reviews",
    summary: "Record a review of a card (FSRS); a clientReviewId already recorded changes nothing (200). Returns the new schedule and the answer key.",
    body: studyReviewInput,
    response: studyReviewResult,
    status: 201,
    errors: [401, 404, 422],
  },
  {
    method: "get",
    path: "/api/v1/study/stats",
    summary: "The caller's study dashboard: due and new cards per deck, streak, 30-day forecast, a year of reviews, retention",
    response: studyStatsResult,
    errors: [401],
  },
  {
    method: "post",
    path: "/api/v1/study/guest-progress",
    summary:
      "Merge study progress kept while signed out (cards and review log) into the caller's account: per card the latest review's state wins; reviews are added once per id. At most 5,000 cards and 20,000 reviews (8 MB).",
    body: guestProgressInput,
    response: guestProgressResult,
    errors: [401, 413, 422],
  },
  ...CLASS_OPERATIONS,
];

const jsonSchema = (schema: z.ZodType, io: "input" | "output" = "output") =>
  z.toJSONSchema(schema, { io, unrepresentable: "any" }) as Record<string, unknown>;

export function openApiDocument(serverUrl?: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of OPERATIONS) {
    const parameters = [
      ...Object.entries(op.pathParams ?? {}).map(([name, description]) => ({
        name,
        in: "path",
        required: true,
        description,
        schema: { type: "string" },
      })),
      ...Object.entries(op.query?.shape ?? {}).map(([name, schema]) => {
        const s = jsonSchema(schema as z.ZodType, "input");
        delete s.$schema;
        return { name, in: "query", required: false, schema: s };
      }),
    ];
    const files = Object.fromEntries(
      Object.entries(op.files ?? {}).map(([type, description]) => [type, { schema: { type: "string", description, ...(description.includes("binary") ? { contentMediaType: type } : {}) } }]),
    );
    const responses: Record<string, unknown> = {
      [op.status ?? 200]: op.response
        ? { description: op.status === 201 ? "Created" : "OK", content: { "application/json": { schema: strip(jsonSchema(op.response)) }, ...files } }
        : { description: "No content" },
    };
    for (const status of op.errors) {
      responses[status] = { description: "Error", content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } } };
    }
    const requestBody = op.body
      ? { required: true, content: { "application/json": { schema: strip(jsonSchema(op.body, "input")) } } }
      : undefined;
    (paths[op.path] ??= {})[op.method] = { summary: op.summary, parameters, ...(requestBody ? { requestBody } : {}), responses };
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Quizdeck API",
      version: "1.0.0",
      description:
        'Errors are {"error":{"code","message"}} with the HTTP status of the code (docs/api.md). Answer keys are never part of a public response.',
    },
    servers: serverUrl ? [{ url: serverUrl }] : [],
    paths,
    components: { schemas: { Error: strip(jsonSchema(errorBody)) } },
  };
}

function strip(schema: Record<string, unknown>) {
  delete schema.$schema;
  return schema;
}
