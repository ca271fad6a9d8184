// ANY /api/v1/* – an unknown API path answers not_found in the API's error shape, not an HTML page.
import { errorResponse } from "@/server/api";
import { AppError } from "@/server/errors";

export const dynamic = "force-dynamic";

const notFound = () => errorResponse(new AppError("not_found", "There is no such API endpoint. See /api/v1/openapi.json."));
export { notFound as GET, notFound as POST, notFound as PUT, notFound as PATCH, notFound as DELETE };
