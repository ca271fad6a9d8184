import Ajv2020, { type ValidateFunction } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { expect, type APIRequestContext, type APIResponse } from "@playwright/test";

type Doc = {
  paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, { schema: unknown }> }> }>>;
  components: { schemas: Record<string, unknown> };
};

/** `{slug}` in a documented path matches one segment. */
const templateRegex = (template: string) => new RegExp(`^${template.replace(/\{[^}]+\}/g, "[^/]+")}$`);

/**
 * Checks responses against the server's own OpenAPI document (`/api/v1/openapi.json`) with Ajv,
 * as a client generated from that document would read them: the status must be documented for the
 * operation, and a JSON body must match its schema (which forbids properties it does not list).
 * Each checked operation and status is recorded, so a test can say which it has covered.
 */
export class OpenApiContract {
  readonly covered = new Set<string>();
  private readonly validators = new Map<string, ValidateFunction>();
  private readonly ajv: Ajv2020;

  private constructor(readonly doc: Doc) {
    this.ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(this.ajv);
  }

  static async load(request: APIRequestContext): Promise<OpenApiContract> {
    const res = await request.get("/api/v1/openapi.json");
    expect(res.status()).toBe(200);
    return new OpenApiContract((await res.json()) as Doc);
  }

  /** Every documented operation as "METHOD /path". */
  operations(): string[] {
    return Object.entries(this.doc.paths).flatMap(([path, methods]) => Object.keys(methods).map((m) => `${m.toUpperCase()} ${path}`));
  }

  /** Checks one response; `url` is the path the request went to (a query string is ignored). */
  async check(method: string, url: string, res: APIResponse): Promise<void> {
    const path = new URL(url, "http://x").pathname;
    const template = Object.keys(this.doc.paths)
      .filter((t) => templateRegex(t).test(path))
      // The most specific template wins: fewer parameters.
      .sort((a, b) => (a.match(/\{/g)?.length ?? 0) - (b.match(/\{/g)?.length ?? 0))[0];
    expect(template, `${method} ${path} is not in the OpenAPI document`).toBeTruthy();
    const op = this.doc.paths[template!]![method.toLowerCase()];
    expect(op, `${method} ${template} is not in the OpenAPI document`).toBeTruthy();
    const status = String(res.status());
    const documented = op!.responses[status];
    expect(documented, `${method} ${template} answered ${status}, which its document does not list (${await res.text()})`).toBeTruthy();
    const contentType = (res.headers()["content-type"] ?? "").split(";")[0]!;
    const schema = documented!.content?.["application/json"]?.schema;
    if (contentType === "application/json" && schema) {
      const key = `${method} ${template} ${status}`;
      let validate = this.validators.get(key);
      if (!validate) {
        validate = this.ajv.compile(this.resolved(schema));
        this.validators.set(key, validate);
      }
      const body: unknown = await res.json();
      const ok = validate(body);
      expect(ok ? [] : validate.errors, `${key}: the body breaks its documented schema\n${JSON.stringify(body).slice(0, 2000)}`).toEqual([]);
    }
    this.covered.add(`${method.toUpperCase()} ${template} ${status}`);
  }

  /** A response schema with its references to the document's shared schemas ("#/components/schemas/Error") put in place. */
  private resolved(schema: unknown): Record<string, unknown> {
    const ref = (schema as { $ref?: string }).$ref;
    const name = ref?.match(/^#\/components\/schemas\/(.+)$/)?.[1];
    return (name ? this.doc.components.schemas[name] : schema) as Record<string, unknown>;
  }

  /** A request context whose every response is checked before the test sees it. */
  wrap(request: APIRequestContext): Pick<APIRequestContext, "get" | "post" | "delete"> {
    return {
      get: async (url, options) => {
        const res = await request.get(url, options);
        await this.check("GET", url, res);
        return res;
      },
      post: async (url, options) => {
        const res = await request.post(url, options);
        await this.check("POST", url, res);
        return res;
      },
      delete: async (url, options) => {
        const res = await request.delete(url, options);
        await this.check("DELETE", url, res);
        return res;
      },
    };
  }
}

