import Database from "lucide-react/icons/database";
import FileCode2 from "lucide-react/icons/file-code-corner";
import KeyRound from "lucide-react/icons/key-round";
import { getFormatter, getTranslations } from "next-intl/server";
import { apiTokensOf } from "@/server/profile";
import { CreateTokenForm, RevokeTokenButton } from "./token-controls";
import { EmptyState, Panel } from "./panel";

export async function TokensPanel({ userId }: { userId: string }) {
  const [t, format, tokens] = await Promise.all([getTranslations("me.tokens"), getFormatter(), apiTokensOf(userId)]);
  const date = (d: Date) => format.dateTime(d, { dateStyle: "medium" });
  return (
    <Panel icon={Database} title={t("title")}>
      <p className="max-w-2xl text-sm text-zinc-600 dark:text-zinc-400">{t("lead")}</p>
      <a href="/api/v1/openapi.json" className="mt-2 inline-flex items-center gap-1.5 text-sm font-semibold text-brand-700 underline dark:text-brand-300">
        <FileCode2 className="size-4" aria-hidden />
        {t("docs")}
      </a>
      <div className="mt-5">
        <CreateTokenForm />
      </div>
      <h3 className="mt-8 mb-3 text-base font-bold">{t("list")}</h3>
      {tokens.length === 0 ? (
        <EmptyState>{t("empty")}</EmptyState>
      ) : (
        <ul className="space-y-3" data-testid="tokens">
          {tokens.map((token) => (
            <li
              key={token.id}
              className="flex flex-wrap items-center gap-x-6 gap-y-3 rounded-2xl border border-zinc-200 bg-white p-4 dark:border-zinc-800 dark:bg-zinc-900"
              data-testid="token"
            >
              <KeyRound className="size-5 shrink-0 text-zinc-400" aria-hidden />
              <div className="min-w-0 flex-1 basis-48">
                <p className="truncate font-semibold">{token.name}</p>
                <p className="mt-0.5 flex flex-wrap gap-x-3 text-sm text-zinc-500 dark:text-zinc-400">
                  <code className="font-mono text-xs text-zinc-700 dark:text-zinc-300">{token.prefix}…</code>
                  <span>{t("createdOn", { date: date(token.createdAt) })}</span>
                  <span>{token.lastUsedAt ? t("lastUsed", { date: date(token.lastUsedAt) }) : t("neverUsed")}</span>
                </p>
              </div>
              <RevokeTokenButton id={token.id} name={token.name} />
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}
